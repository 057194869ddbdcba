import { Select, Stack, Text } from '@mantine/core';
import type { CommitsReport } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useCommitsReport } from '../api/get-commits-report';
import { csvFileName } from '../../../lib/csv';
import { ALL, parseSelection, rangeProblem } from '../dates';
import { seriesColor, spansYears, useMemberName, useReportFormat } from '../format';
import { gridTable } from '../report-table-data';
import { RangeFields, type DayRange } from './range-fields';
import { ReportBarChart } from './report-bar-chart';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';

export interface CommitsReportParams extends DayRange {
  /** `all` or a member's id. */
  user_id: string;
  /** `all` or a repository's id. */
  selected_repo_id: string;
}

/** A member or repository to pick. */
export interface ReportChoice {
  id: number;
  name: string;
}

interface CommitsReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<CommitsReportParams>;
  /** The address of this report with other parameters. */
  pathOf: (params: CommitsReportParams) => string;
  members: ReportChoice[];
  repositories: ReportChoice[];
}

/** The choices of a select: everyone first, then each one (and the address's id, if it names no one listed). */
function selectData(allLabel: string, choices: ReportChoice[], selected: number | typeof ALL | null) {
  const data = [
    { value: ALL, label: allLabel },
    ...choices.map(({ id, name }) => ({ value: String(id), label: name })),
  ];
  if (typeof selected === 'number' && !choices.some((choice) => choice.id === selected)) {
    data.push({ value: String(selected), label: `#${selected}` });
  }
  return data;
}

/** /project/:id/report/commits/:start_date/:end_date/:user_id/:selected_repo_id */
export function CommitsReportScreen(props: CommitsReportScreenProps) {
  const { projectId, title, params, pathOf } = props;
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [view, setView] = useState<ReportViewMode>('chart');
  const { start_date: start, end_date: end } = params;
  const user = parseSelection(params.user_id);
  const repository = parseSelection(params.selected_repo_id);
  const code = rangeProblem(start, end);
  const isSelectionValid = user !== null && repository !== null;
  const query = useCommitsReport(
    projectId,
    code === null && isSelectionValid
      ? {
          start_date: start!,
          end_date: end!,
          user_id: user === ALL ? undefined : user,
          repository_id: repository === ALL ? undefined : repository,
        }
      : null,
  );
  const go = (next: Partial<CommitsReportParams>) =>
    void navigate(
      pathOf({
        start_date: start ?? '',
        end_date: end ?? '',
        user_id: params.user_id ?? ALL,
        selected_repo_id: params.selected_repo_id ?? ALL,
        ...next,
      }),
    );
  const problem = code !== null ? t(`errors:${code}`) : isSelectionValid ? null : t('invalid_address');

  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={go}>
        <Select
          label={t('commits.user')}
          value={user === null ? null : String(user)}
          data={selectData(t('commits.all_users'), props.members, user)}
          onChange={(value) => value && go({ user_id: value })}
          allowDeselect={false}
          style={{ flex: '1 1 160px', maxWidth: 240 }}
        />
        <Select
          label={t('commits.repository')}
          value={repository === null ? null : String(repository)}
          data={selectData(t('commits.all_repositories'), props.repositories, repository)}
          onChange={(value) => value && go({ selected_repo_id: value })}
          allowDeselect={false}
          style={{ flex: '1 1 160px', maxWidth: 240 }}
        />
      </RangeFields>
      <ReportStatus
        problem={problem}
        query={query}
        isEmpty={(report) => report.total === 0}
        empty={{ title: t('commits.empty'), hint: t('commits.empty_hint') }}
      >
        {(report) => <CommitsResult report={report} view={view} onViewChange={setView} />}
      </ReportStatus>
    </Page>
  );
}

interface ResultProps {
  report: CommitsReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

const seriesId = (userId: number | null) => (userId === null ? 'others' : `u${userId}`);

function CommitsResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const memberName = useMemberName();
  const withYear = spansYears(report.start_date, report.end_date);
  const series = report.members.map((member, index) => ({
    id: seriesId(member.user_id),
    label: memberName(member),
    color: seriesColor(index),
  }));
  const table = gridTable({
    caption: t('commits.caption', { range: format.range(report.start_date, report.end_date) }),
    keys: report.days,
    keyColumn: { label: t('commits.day'), format: (day) => format.bucket(String(day), 'day', withYear) },
    series,
    cells: report.cells.map((cell) => ({
      key: cell.day,
      series: seriesId(cell.user_id),
      value: cell.commits,
    })),
    valueFormat: format.number,
    totalLabel: t('total'),
  });
  const data = table.rows.map((row) => ({
    day: format.bucket(String(row[0]), 'day', withYear),
    ...Object.fromEntries(series.map((one, index) => [one.id, Number(row[index + 1])])),
  }));
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {t('commits.total', { count: report.total, formatted: format.number(report.total) })}
        {' · '}
        {t('commits.linked', {
          count: report.linked_to_tasks,
          formatted: format.number(report.linked_to_tasks),
          share: format.percent(report.linked_to_tasks / report.total),
        })}
      </Text>
      <ReportView
        table={table}
        fileName={csvFileName('commits', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <ReportBarChart
            type="stacked"
            data={data}
            dataKey="day"
            series={series.map(({ id, label, color }) => ({ name: id, label, color }))}
            valueFormatter={format.number}
          />
        }
      />
    </Stack>
  );
}
