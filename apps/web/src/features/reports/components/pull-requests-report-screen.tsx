import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PullRequestsReport } from '@teamboard/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePullRequestsReport } from '../api/get-pull-requests-report';
import { csvFileName } from '../../../lib/csv';
import { spansYears, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { OptionalRangeReportPage, type OptionalRangeReportScreenProps } from './optional-range-report-page';
import { ReportBarChart } from './report-bar-chart';
import { ReportView, type ReportViewMode } from './report-view';

/** /project/:id/report/pullrequests[?start_date=&end_date=] — pull requests per week, merge time, reviews. */
export function PullRequestsReportScreen(props: OptionalRangeReportScreenProps) {
  const { t } = useTranslation('reports');
  const [view, setView] = useState<ReportViewMode>('chart');
  return (
    <OptionalRangeReportPage
      {...props}
      useReport={usePullRequestsReport}
      isEmpty={(report) =>
        report.reviews.length === 0 &&
        report.weeks.every((week) => week.opened + week.merged + week.closed === 0)
      }
      empty={{ title: t('pullrequests.empty'), hint: t('pullrequests.empty_hint') }}
    >
      {(report) => <PullRequestsResult report={report} view={view} onViewChange={setView} />}
    </OptionalRangeReportPage>
  );
}

interface ResultProps {
  report: PullRequestsReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

function PullRequestsResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const withYear = spansYears(report.start_date, report.end_date);
  const range = format.range(report.start_date, report.end_date);
  const count = (value: unknown) => format.number(Number(value));
  const states = ['opened', 'merged', 'closed'] as const;
  const sum = (state: (typeof states)[number]) =>
    report.weeks.reduce((total, week) => total + week[state], 0);
  const weeks: ReportTableData = {
    caption: t('pullrequests.caption', { range }),
    columns: [
      { label: t('pullrequests.week'), format: (week) => format.bucket(String(week), 'week', withYear) },
      ...states.map((state) => ({ label: t(`pullrequests.${state}`), isNumeric: true, format: count })),
    ],
    rows: report.weeks.map((week) => [week.week, week.opened, week.merged, week.closed]),
    footer: [t('total'), ...states.map(sum)],
  };
  const data = report.weeks.map((week) => ({ ...week, week: format.bucket(week.week, 'week', withYear) }));
  const colors = { opened: 'green.6', merged: 'violet.6', closed: 'gray.6' };
  return (
    <Stack gap="lg">
      <TimeToMerge report={report} />
      <ReportView
        table={weeks}
        fileName={csvFileName('pull-requests', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <ReportBarChart
            data={data}
            dataKey="week"
            series={states.map((state) => ({
              name: state,
              label: t(`pullrequests.${state}`),
              color: colors[state],
            }))}
            valueFormatter={format.number}
          />
        }
      />
      <Reviews report={report} range={range} />
    </Stack>
  );
}

function TimeToMerge({ report }: { report: PullRequestsReport }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const { median, mean, count } = report.time_to_merge_hours;
  if (median === null || mean === null) return <Text c="dimmed">{t('pullrequests.none_merged')}</Text>;
  const stat = (label: string, value: number) => (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {format.duration(value)}
      </Text>
    </Paper>
  );
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={560}>
        {stat(t('pullrequests.median'), median)}
        {stat(t('pullrequests.mean'), mean)}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('pullrequests.merged_count', { count, formatted: format.number(count) })}
      </Text>
    </Stack>
  );
}

function Reviews({ report, range }: { report: PullRequestsReport; range: string }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const titleId = useId();
  const table: ReportTableData = {
    caption: t('pullrequests.reviews.caption', { range }),
    columns: [
      { label: t('pullrequests.reviews.reviewer') },
      { label: t('pullrequests.reviews.login') },
      {
        label: t('pullrequests.reviews.reviews'),
        isNumeric: true,
        format: (value) => format.number(Number(value)),
      },
    ],
    rows: report.reviews.map((review) => [review.name, review.login, review.reviews]),
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('pullrequests.reviews.title')}
      </Title>
      {report.reviews.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pullrequests.reviews.empty')}
        </Text>
      ) : (
        <ReportView
          table={table}
          name={t('pullrequests.reviews.title')}
          fileName={csvFileName('reviews', report.start_date, report.end_date)}
        />
      )}
    </Stack>
  );
}
