import '@mantine/charts/styles.css';
import { Select, Stack, Text, Title } from '@mantine/core';
import type { WorkloadReport } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useWorkloadReport } from '../api/get-workload-report';
import { csvFileName } from '../../../lib/csv';
import { ALL, parseSelection, rangeProblem } from '../dates';
import { useMemberName, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { RangeFields, type DayRange } from './range-fields';
import { ReportBarChart } from './report-bar-chart';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';

export interface BoardReportParams extends DayRange {
  /** `all` or a board's id. */
  board_id: string;
}

/** A board to pick. */
export interface BoardChoice {
  id: number;
  name: string;
}

interface WorkloadReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<BoardReportParams>;
  /** The address of this report with other parameters. */
  pathOf: (params: BoardReportParams) => string;
  boards: BoardChoice[];
}

/**
 * The choices of a board select: every board first when `allLabel` is given, then each board (and
 * the address's id, if it names no board listed).
 */
export function boardSelectData(
  boards: BoardChoice[],
  selected: number | typeof ALL | null,
  allLabel?: string,
) {
  const data = [
    ...(allLabel === undefined ? [] : [{ value: ALL, label: allLabel }]),
    ...boards.map(({ id, name }) => ({ value: String(id), label: name })),
  ];
  if (typeof selected === 'number' && !boards.some((board) => board.id === selected)) {
    data.push({ value: String(selected), label: `#${selected}` });
  }
  return data;
}

export const BOARD_SELECT_STYLE = { flex: '1 1 160px', maxWidth: 240 };

/** /project/:id/report/workload/:start_date/:end_date/:board_id — open tasks and hours per member. */
export function WorkloadReportScreen({
  projectId,
  title,
  params,
  pathOf,
  boards,
}: WorkloadReportScreenProps) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [view, setView] = useState<ReportViewMode>('chart');
  const { start_date: start, end_date: end } = params;
  const board = parseSelection(params.board_id);
  const code = rangeProblem(start, end);
  const query = useWorkloadReport(
    projectId,
    code === null && board !== null
      ? { start_date: start!, end_date: end!, board_id: board === ALL ? undefined : board }
      : null,
  );
  const go = (next: Partial<BoardReportParams>) =>
    void navigate(
      pathOf({ start_date: start ?? '', end_date: end ?? '', board_id: params.board_id ?? ALL, ...next }),
    );
  const problem = code !== null ? t(`errors:${code}`) : board === null ? t('workload.invalid_board') : null;

  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={go}>
        <Select
          label={t('workload.board')}
          value={board === null ? null : String(board)}
          data={boardSelectData(boards, board, t('workload.all_boards'))}
          onChange={(value) => value && go({ board_id: value })}
          allowDeselect={false}
          style={BOARD_SELECT_STYLE}
        />
      </RangeFields>
      <ReportStatus
        problem={problem}
        query={query}
        isEmpty={(report) => report.totals.open_tasks === 0 && report.totals.reported_hours === 0}
        empty={{ title: t('workload.empty'), hint: t('workload.empty_hint') }}
      >
        {(report) => <WorkloadResult report={report} view={view} onViewChange={setView} />}
      </ReportStatus>
    </Page>
  );
}

interface ResultProps {
  report: WorkloadReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

/** Each member gets a group of bars: the chart grows with them, so names keep a readable line. */
const GROUP_HEIGHT = 64;
const chartHeight = (rows: number) => Math.max(180, rows * GROUP_HEIGHT + 80);

/** A workload row's name: the tasks nobody is assigned to have a row of their own. */
function useRowName() {
  const { t } = useTranslation('reports');
  const memberName = useMemberName();
  return (row: WorkloadReport['rows'][number]) =>
    row.user_id === null ? t('workload.unassigned') : memberName(row);
}

function useWorkloadTable(report: WorkloadReport): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const rowName = useRowName();
  const count = (value: unknown) => format.number(Number(value));
  const hours = (value: unknown) => format.hours(Number(value));
  const { totals } = report;
  return {
    caption: t('workload.caption', { range: format.range(report.start_date, report.end_date) }),
    columns: [
      { label: t('workload.member') },
      { label: t('workload.open_tasks'), isNumeric: true, format: count },
      { label: t('workload.due_in_range'), isNumeric: true, format: count },
      { label: t('workload.overdue'), isNumeric: true, format: count },
      { label: t('workload.expected_hours'), isNumeric: true, format: hours },
      { label: t('workload.reported_hours'), isNumeric: true, format: hours },
    ],
    rows: report.rows.map((row) => [
      rowName(row),
      row.open_tasks,
      row.due_in_range,
      row.overdue,
      row.expected_hours,
      row.reported_hours,
    ]),
    // Each task once: a shared task is in two members' rows but once in the totals.
    footer: [
      t('total'),
      totals.open_tasks,
      totals.due_in_range,
      totals.overdue,
      totals.expected_hours,
      totals.reported_hours,
    ],
  };
}

function WorkloadResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const rowName = useRowName();
  const table = useWorkloadTable(report);
  const { totals } = report;
  const data = report.rows.map((row) => ({
    name: rowName(row),
    open_tasks: row.open_tasks,
    due_in_range: row.due_in_range,
    overdue: row.overdue,
    expected_hours: row.expected_hours,
    reported_hours: row.reported_hours,
  }));
  const h = chartHeight(data.length);
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {t('workload.summary', {
          open: format.number(totals.open_tasks),
          overdue: format.number(totals.overdue),
          expected: format.hours(totals.expected_hours),
          reported: format.hours(totals.reported_hours),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('workload.note', { today: format.range(report.today, report.today) })}
      </Text>
      <ReportView
        table={table}
        fileName={csvFileName('workload', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <Stack gap="md">
            <Title order={2} size="h5">
              {t('workload.tasks_chart')}
            </Title>
            <TaskCountsChart h={h} data={data} />
            <Title order={2} size="h5">
              {t('workload.hours_chart')}
            </Title>
            <ReportBarChart
              orientation="vertical"
              h={h}
              data={data}
              dataKey="name"
              series={[
                { name: 'expected_hours', label: t('workload.expected_hours'), color: 'grape.6' },
                { name: 'reported_hours', label: t('workload.reported_hours'), color: 'teal.6' },
              ]}
              valueFormatter={format.hours}
            />
          </Stack>
        }
      />
    </Stack>
  );
}

/**
 * Open, due and overdue tasks per member: bars side by side, not stacked, since due and overdue
 * tasks are among the open ones; whole numbers on the count axis.
 */
function TaskCountsChart({ h, data }: { h: number; data: Record<string, string | number>[] }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  return (
    <ReportBarChart
      counts
      h={h}
      orientation="vertical"
      data={data}
      dataKey="name"
      series={[
        { name: 'open_tasks', label: t('workload.open_tasks'), color: 'blue.6' },
        { name: 'due_in_range', label: t('workload.due_in_range'), color: 'orange.6' },
        { name: 'overdue', label: t('workload.overdue'), color: 'red.6' },
      ]}
      valueFormatter={format.number}
    />
  );
}
