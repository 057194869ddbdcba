import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Select, Stack, Text } from '@mantine/core';
import { taskProgressRangeError, type TaskProgressReport } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useTaskProgressReport } from '../api/get-task-progress-report';
import { csvFileName } from '../../../lib/csv';
import { ALL, parseSelection, rangeProblem } from '../dates';
import { seriesColor, spansYears, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { RangeFields } from './range-fields';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';
import {
  BOARD_SELECT_STYLE,
  boardSelectData,
  type BoardChoice,
  type BoardReportParams,
} from './workload-report-screen';

interface TaskProgressReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<BoardReportParams>;
  /** The address of this report with other parameters. */
  pathOf: (params: BoardReportParams) => string;
  boards: BoardChoice[];
}

/** The range's error code, or null: the report draws a point per day, so it covers at most a year. */
function progressRangeProblem(start: string | undefined, end: string | undefined): string | null {
  return rangeProblem(start, end) ?? taskProgressRangeError(start!, end!);
}

/**
 * /project/:id/report/taskprogress/:start_date/:end_date/:board_id — the cumulative flow diagram of
 * one board (`all` asks to choose one: the columns are a board's own).
 */
export function TaskProgressReportScreen(props: TaskProgressReportScreenProps) {
  const { projectId, title, params, pathOf, boards } = props;
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [view, setView] = useState<ReportViewMode>('chart');
  const { start_date: start, end_date: end } = params;
  const selection = parseSelection(params.board_id);
  const board = typeof selection === 'number' ? selection : null;
  const code = progressRangeProblem(start, end);
  const query = useTaskProgressReport(
    projectId,
    code === null && board !== null ? { start_date: start!, end_date: end!, board_id: board } : null,
  );
  const go = (next: Partial<BoardReportParams>) =>
    void navigate(
      pathOf({ start_date: start ?? '', end_date: end ?? '', board_id: params.board_id ?? ALL, ...next }),
    );
  const problem =
    code !== null ? t(`errors:${code}`) : selection === null ? t('workload.invalid_board') : null;

  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={go}>
        <Select
          label={t('taskprogress.board')}
          placeholder={t('taskprogress.board')}
          value={board === null ? null : String(board)}
          data={boardSelectData(boards, board)}
          onChange={(value) => value && go({ board_id: value })}
          allowDeselect={false}
          style={BOARD_SELECT_STYLE}
        />
      </RangeFields>
      {problem === null && selection === ALL ? (
        <Alert color="blue">{t('taskprogress.choose_board')}</Alert>
      ) : (
        <ReportStatus
          problem={problem}
          query={query}
          isEmpty={(report) => report.days.every((day) => day.counts.every((count) => count === 0))}
          empty={{ title: t('taskprogress.empty'), hint: t('taskprogress.empty_hint') }}
        >
          {(report) => <TaskProgressResult report={report} view={view} onViewChange={setView} />}
        </ReportStatus>
      )}
    </Page>
  );
}

interface ResultProps {
  report: TaskProgressReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

/** One series per column in board order; "Other" (renamed or deleted columns) in gray. */
function useColumnSeries(report: TaskProgressReport) {
  const { t } = useTranslation('reports');
  return report.columns.map((column, index) => ({
    id: column.column_id === null ? 'other' : `c${column.column_id}`,
    label: column.column_id === null ? t('taskprogress.other') : column.name,
    color: column.column_id === null ? 'gray.5' : seriesColor(index),
  }));
}

function useProgressTable(report: TaskProgressReport, series: { label: string }[]): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const withYear = spansYears(report.start_date, report.end_date);
  const count = (value: unknown) => format.number(Number(value));
  return {
    caption: t('taskprogress.caption', { range: format.range(report.start_date, report.end_date) }),
    columns: [
      { label: t('taskprogress.day'), format: (day) => format.bucket(String(day), 'day', withYear) },
      ...series.map((one) => ({ label: one.label, isNumeric: true, format: count })),
      { label: t('taskprogress.total'), isNumeric: true, format: count },
    ],
    // No totals row: summing a day's stock over several days means nothing.
    rows: report.days.map((day) => [
      day.day,
      ...day.counts,
      day.counts.reduce((sum, value) => sum + value, 0),
    ]),
  };
}

function TaskProgressResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const series = useColumnSeries(report);
  const table = useProgressTable(report, series);
  const withYear = spansYears(report.start_date, report.end_date);
  const data = report.days.map((day) => ({
    day: format.bucket(day.day, 'day', withYear),
    ...Object.fromEntries(series.map((one, index) => [one.id, day.counts[index] ?? 0])),
  }));
  // The usual cumulative-flow look: the last column (done) at the bottom of the stack, the first
  // on top, and "Other" above them all; the legend still reads in board order.
  const boardOrder = new Map(series.map((one, index) => [one.id, index]));
  const stacked = [
    ...series.filter((one) => one.id !== 'other').reverse(),
    ...series.filter((one) => one.id === 'other'),
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('taskprogress.note')}
      </Text>
      <ReportView
        table={table}
        fileName={csvFileName('task-progress', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <AreaChart
            h={320}
            data={data}
            dataKey="day"
            type="stacked"
            curveType="linear"
            series={stacked.map(({ id, label, color }) => ({ name: id, label, color }))}
            withDots={report.days.length <= 31}
            withLegend
            legendProps={{
              verticalAlign: 'bottom',
              itemSorter: (item) => boardOrder.get(String(item.dataKey)) ?? 0,
            }}
            fillOpacity={0.7}
            tickLine="y"
            gridAxis="y"
            accessibilityLayer={false}
            valueFormatter={format.number}
            yAxisProps={{ allowDecimals: false }}
          />
        }
      />
    </Stack>
  );
}
