import { Stack, Text } from '@mantine/core';
import type { AverageCompletionReport } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useAverageCompletionReport } from '../api/get-average-completion-report';
import type { CsvValue } from '../../../lib/csv';
import { useMemberName, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { ChartOrTableReportScreen, type MilestoneReportScreenProps } from './milestone-report-page';
import { ReportBarChart, TitledChart } from './report-bar-chart';
import { ReportView, type ReportViewMode } from './report-view';

/** /project/:id/report/averagetaskcompletion/:milestone_id — how far a milestone's tasks are, per member. */
export function AverageCompletionReportScreen(props: MilestoneReportScreenProps) {
  const { t } = useTranslation('reports');
  return (
    <ChartOrTableReportScreen
      {...props}
      useReport={useAverageCompletionReport}
      isEmpty={(report) => report.totals.tasks === 0}
      empty={{ title: t('averagetaskcompletion.empty'), hint: t('averagetaskcompletion.empty_hint') }}
    >
      {(report, view) => <AverageCompletionResult report={report} {...view} />}
    </ChartOrTableReportScreen>
  );
}

/** A completion row's name: the tasks nobody is assigned to have a row of their own. */
function useRowName() {
  const { t } = useTranslation('reports');
  const memberName = useMemberName();
  return (row: AverageCompletionReport['rows'][number]) =>
    row.user_id === null ? t('averagetaskcompletion.unassigned') : memberName(row);
}

/** A share (0 to 1) as the table and the CSV hold it: a percentage, or nothing when there is none. */
const percentOf = (share: number | null): CsvValue => (share === null ? null : share * 100);

function useCompletionTable(report: AverageCompletionReport): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const rowName = useRowName();
  const count = (value: CsvValue) => format.number(Number(value));
  const percent = (value: CsvValue) => format.percent(Number(value) / 100);
  const numbers = (row: AverageCompletionReport['totals']): CsvValue[] => [
    row.tasks,
    row.completed,
    percentOf(row.completion),
    row.average_days_to_complete,
    percentOf(row.average_checklist_progress),
  ];
  return {
    caption: t('averagetaskcompletion.caption', { milestone: report.milestone.name }),
    columns: [
      { label: t('averagetaskcompletion.member') },
      { label: t('averagetaskcompletion.tasks'), isNumeric: true, format: count },
      { label: t('averagetaskcompletion.completed'), isNumeric: true, format: count },
      { label: t('averagetaskcompletion.completion'), isNumeric: true, format: percent },
      { label: t('averagetaskcompletion.average_days'), isNumeric: true, format: count },
      { label: t('averagetaskcompletion.checklist'), isNumeric: true, format: percent },
    ],
    rows: report.rows.map((row) => [rowName(row), ...numbers(row)]),
    // Each task once: a shared task is in two members' rows but once in the totals.
    footer: [t('total'), ...numbers(report.totals)],
  };
}

interface ResultProps {
  report: AverageCompletionReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

/** Bars grow with the number of members, so each name keeps a readable line. */
const BAR_ROW_HEIGHT = 36;

function AverageCompletionResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const rowName = useRowName();
  const table = useCompletionTable(report);
  const { totals } = report;
  const data = report.rows.map((row) => ({ name: rowName(row), completion: (row.completion ?? 0) * 100 }));
  const none = t('averagetaskcompletion.none');
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {t('averagetaskcompletion.summary', {
          completed: format.number(totals.completed),
          tasks: format.number(totals.tasks),
          share: format.percent(totals.completion ?? 0),
        })}
      </Text>
      <Text size="sm">
        {t('averagetaskcompletion.averages', {
          days:
            totals.average_days_to_complete === null
              ? none
              : t('averagetaskcompletion.days', {
                  count: totals.average_days_to_complete,
                  formatted: format.number(totals.average_days_to_complete),
                }),
          checklist:
            totals.average_checklist_progress === null
              ? none
              : format.percent(totals.average_checklist_progress),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('averagetaskcompletion.note')}
      </Text>
      <ReportView
        table={table}
        fileName={`average-task-completion-${report.milestone.milestone_id}.csv`}
        view={view}
        onViewChange={onViewChange}
        chart={
          <TitledChart title={t('averagetaskcompletion.chart_title')}>
            <ReportBarChart
              orientation="vertical"
              h={Math.max(160, data.length * BAR_ROW_HEIGHT + 60)}
              data={data}
              dataKey="name"
              series={[{ name: 'completion', label: t('averagetaskcompletion.completion'), color: 'teal.6' }]}
              valueFormatter={(value) => format.percent(value / 100)}
            />
          </TitledChart>
        }
      />
    </Stack>
  );
}
