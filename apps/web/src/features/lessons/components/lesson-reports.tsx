import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  LESSON_REPORTER_MIN_ACCOUNT_AGE_DAYS,
  type LessonReport,
  type LessonReports as LessonReportsData,
} from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { useLessonReports } from '../api/get-lesson-reports';

/**
 * Who reported a lesson (admins only; the server refuses anyone else): each reporter with their
 * email, date and reason, whether the report counts toward hiding it and why not, and the verdict.
 */
export function LessonReports({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation('lessons');
  const { data, error, isPending } = useLessonReports(lessonId);
  if (isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (!data) return <Alert color="red">{error?.message ?? t('reports.load_failed')}</Alert>;
  return (
    <Stack gap="sm">
      <Verdict reports={data} />
      {data.reports.length === 0 ? (
        <Text size="sm">{t('reports.empty')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('reports.list')}
        >
          {data.reports.map((report) => (
            <ReportItem key={report.reporter.user_id} report={report} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Verdict({ reports }: { reports: LessonReportsData }) {
  const { t } = useTranslation('lessons');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {reports.hidden ? t('reports.hidden') : t('reports.shown')}
      </Text>
      <Text size="sm">
        {t('reports.counting', { count: reports.counting, threshold: reports.threshold })}
      </Text>
      {reports.shared_project && (
        <Text size="sm">{t('reports.shared_project', { project: reports.shared_project.name })}</Text>
      )}
    </Stack>
  );
}

function ReportItem({ report }: { report: LessonReport }) {
  const { t } = useTranslation('lessons');
  const format = useFormat();
  const because = report.not_counted_because;
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {report.reporter.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {report.reporter.email}
            </Text>
          </Stack>
          <Badge size="sm" variant="light" color={report.counts ? 'red' : 'gray'}>
            {report.counts ? t('reports.counts') : t('reports.not_counted')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('reports.reported_on', { date: format.date(report.created_at) })}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {report.reason ?? t('reports.no_reason')}
        </Text>
        {because && (
          <Text size="sm" c="dimmed">
            {t(`reports.because.${because}`, { days: LESSON_REPORTER_MIN_ACCOUNT_AGE_DAYS })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
