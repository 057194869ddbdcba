import { Stack, Text, Title } from '@mantine/core';
import type { HoursVariationReport } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useHoursVariationReport } from '../api/get-hours-variation-report';
import type { CsvValue } from '../../../lib/csv';
import { useMemberName, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { ChartOrTableReportScreen, type MilestoneReportScreenProps } from './milestone-report-page';
import { ReportBarChart, TitledChart } from './report-bar-chart';
import { ReportView, type ReportViewMode } from './report-view';

/** The chart shows the tasks that missed their estimate most; the table has them all. */
const CHART_TASKS = 30;

/** /project/:id/report/estimatedhoursvariation/:milestone_id — expected against reported hours. */
export function HoursVariationReportScreen(props: MilestoneReportScreenProps) {
  const { t } = useTranslation('reports');
  return (
    <ChartOrTableReportScreen
      {...props}
      useReport={useHoursVariationReport}
      isEmpty={(report) => report.tasks.length === 0}
      empty={{ title: t('estimatedhoursvariation.empty'), hint: t('estimatedhoursvariation.empty_hint') }}
    >
      {(report, view) => <HoursVariationResult report={report} {...view} />}
    </ChartOrTableReportScreen>
  );
}

/** Hours with a sign, so over and under the estimate read apart ("+1.5 h", "−3 h"). */
function useSignedHours() {
  const format = useReportFormat();
  return (value: number) => (value > 0 ? `+${format.hours(value)}` : format.hours(value));
}

function useTasksTable(report: HoursVariationReport): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const signed = useSignedHours();
  const hours = (value: CsvValue) => format.hours(Number(value));
  return {
    caption: t('estimatedhoursvariation.caption', { milestone: report.milestone.name }),
    columns: [
      { label: t('estimatedhoursvariation.task') },
      { label: t('estimatedhoursvariation.expected'), isNumeric: true, format: hours },
      { label: t('estimatedhoursvariation.reported'), isNumeric: true, format: hours },
      {
        label: t('estimatedhoursvariation.variation'),
        isNumeric: true,
        format: (value) => signed(Number(value)),
      },
      {
        label: t('estimatedhoursvariation.variation_share'),
        isNumeric: true,
        format: (value) => format.percent(Number(value) / 100),
      },
    ],
    rows: report.tasks.map((task) => [
      task.title,
      task.expected_hours,
      task.reported_hours,
      task.variation,
      task.variation_share === null ? null : task.variation_share * 100,
    ]),
    footer: [
      t('total'),
      report.totals.expected_hours,
      report.totals.reported_hours,
      report.totals.variation,
      null,
    ],
  };
}

function useMembersTable(report: HoursVariationReport): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const memberName = useMemberName();
  const signed = useSignedHours();
  const hours = (value: CsvValue) => format.hours(Number(value));
  const name = (row: HoursVariationReport['members'][number]) =>
    row.user_id === null ? t('estimatedhoursvariation.unassigned') : memberName(row);
  return {
    caption: t('estimatedhoursvariation.members_caption', { milestone: report.milestone.name }),
    columns: [
      { label: t('estimatedhoursvariation.member') },
      { label: t('estimatedhoursvariation.expected'), isNumeric: true, format: hours },
      { label: t('estimatedhoursvariation.reported'), isNumeric: true, format: hours },
      {
        label: t('estimatedhoursvariation.variation'),
        isNumeric: true,
        format: (value) => signed(Number(value)),
      },
    ],
    rows: report.members.map((row) => [name(row), row.expected_hours, row.reported_hours, row.variation]),
    footer: [t('total'), report.totals.expected_hours, report.totals.reported_hours, report.totals.variation],
  };
}

interface ResultProps {
  report: HoursVariationReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

/** Each task gets a pair of bars: the chart grows with them, so titles keep a readable line. */
const GROUP_HEIGHT = 48;

function HoursVariationResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const signed = useSignedHours();
  const tasksTable = useTasksTable(report);
  const membersTable = useMembersTable(report);
  const { totals } = report;
  // The server lists the tasks by how far they missed their estimate: the first ones matter most.
  const data = report.tasks.slice(0, CHART_TASKS).map((task) => ({
    name: task.title,
    expected: task.expected_hours ?? 0,
    reported: task.reported_hours,
  }));
  const fileName = (kind: string) => `${kind}-${report.milestone.milestone_id}.csv`;
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {t('estimatedhoursvariation.summary', {
          expected: format.hours(totals.expected_hours),
          reported: format.hours(totals.reported_hours),
          variation: signed(totals.variation),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('estimatedhoursvariation.note')}
      </Text>
      <ReportView
        table={tasksTable}
        fileName={fileName('estimated-hours-variation')}
        view={view}
        onViewChange={onViewChange}
        chart={
          <TitledChart
            title={
              report.tasks.length > CHART_TASKS
                ? t('estimatedhoursvariation.chart_title_top', { count: CHART_TASKS })
                : t('estimatedhoursvariation.chart_title')
            }
          >
            <ReportBarChart
              orientation="vertical"
              h={Math.max(180, data.length * GROUP_HEIGHT + 80)}
              data={data}
              dataKey="name"
              series={[
                { name: 'expected', label: t('estimatedhoursvariation.expected'), color: 'grape.6' },
                { name: 'reported', label: t('estimatedhoursvariation.reported'), color: 'teal.6' },
              ]}
              valueFormatter={format.hours}
            />
          </TitledChart>
        }
      />
      <Title order={2} size="h5" mt="md">
        {t('estimatedhoursvariation.members_title')}
      </Title>
      <ReportView
        table={membersTable}
        name={t('estimatedhoursvariation.members_title')}
        fileName={fileName('estimated-hours-per-member')}
      />
    </Stack>
  );
}
