import { Stack, Text } from '@mantine/core';
import type { UsersHoursReport } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useUsersHoursReport } from '../api/get-users-hours-report';
import { csvFileName } from '../../../lib/csv';
import { rangeProblem } from '../dates';
import { useMemberName, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { RangeFields, type DayRange } from './range-fields';
import { ReportBarChart } from './report-bar-chart';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';

interface UsersHoursReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<DayRange>;
  /** The address of this report with other parameters. */
  pathOf: (params: DayRange) => string;
}

/** /project/:id/report/user/:start_date/:end_date — each member's hours and share of the total. */
export function UsersHoursReportScreen({ projectId, title, params, pathOf }: UsersHoursReportScreenProps) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [view, setView] = useState<ReportViewMode>('chart');
  const { start_date: start, end_date: end } = params;
  const code = rangeProblem(start, end);
  const query = useUsersHoursReport(projectId, code === null ? { start_date: start!, end_date: end! } : null);

  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={(range) => void navigate(pathOf(range))} />
      <ReportStatus
        problem={code === null ? null : t(`errors:${code}`)}
        query={query}
        isEmpty={(report) => report.total === 0}
        empty={{ title: t('user.empty'), hint: t('user.empty_hint') }}
      >
        {(report) => <UsersHoursResult report={report} view={view} onViewChange={setView} />}
      </ReportStatus>
    </Page>
  );
}

interface ResultProps {
  report: UsersHoursReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

/** Bars grow with the number of members, so each name keeps a readable line. */
const BAR_ROW_HEIGHT = 36;

function UsersHoursResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const memberName = useMemberName();
  const hours = (value: unknown) => format.hours(Number(value));
  const table: ReportTableData = {
    caption: t('user.caption', { range: format.range(report.start_date, report.end_date) }),
    columns: [
      { label: t('user.member') },
      { label: t('user.hours'), isNumeric: true, format: hours },
      // A percentage in the CSV too (25, not 0.25): the column's name says so.
      { label: t('user.share'), isNumeric: true, format: (value) => format.percent(Number(value) / 100) },
    ],
    rows: report.rows.map((row) => [memberName(row), row.hours, row.share * 100]),
    footer: [t('total'), report.total, 100],
  };
  const data = report.rows.map((row) => ({ name: memberName(row), hours: row.hours }));
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('user.total', { hours: format.hours(report.total) })}</Text>
      <ReportView
        table={table}
        fileName={csvFileName('users-hours', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <ReportBarChart
            orientation="vertical"
            h={Math.max(160, data.length * BAR_ROW_HEIGHT + 60)}
            data={data}
            dataKey="name"
            series={[{ name: 'hours', label: t('user.hours'), color: 'blue.6' }]}
            valueFormatter={format.hours}
          />
        }
      />
    </Stack>
  );
}
