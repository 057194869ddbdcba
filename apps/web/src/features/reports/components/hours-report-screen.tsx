import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { HOURS_FILTERS, type HoursFilter, type HoursReport } from '@teamboard/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useHoursReport } from '../api/get-hours-report';
import { csvFileName } from '../../../lib/csv';
import { isHoursFilter, rangeProblem } from '../dates';
import { seriesColor, spansYears, useMemberName, useReportFormat } from '../format';
import { gridTable } from '../report-table-data';
import { RangeFields, type DayRange } from './range-fields';
import { ReportBarChart } from './report-bar-chart';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';

export interface HoursReportParams extends DayRange {
  filter_option: string;
}

interface HoursReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<HoursReportParams>;
  /** The address of this report with other parameters. */
  pathOf: (params: HoursReportParams) => string;
}

/** /project/:id/report/hours/:start_date/:end_date/:filter_option — hours per bucket and member. */
export function HoursReportScreen({ projectId, title, params, pathOf }: HoursReportScreenProps) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [view, setView] = useState<ReportViewMode>('chart');
  const filterLabelId = useId();
  const { start_date: start, end_date: end, filter_option: filterOption } = params;
  const filter = isHoursFilter(filterOption) ? filterOption : null;
  const code = filter === null ? 'REPORT_FILTER_NOT_VALID' : rangeProblem(start, end, filter);
  const query = useHoursReport(
    projectId,
    code === null ? { start_date: start!, end_date: end!, filter: filter! } : null,
  );
  const go = (next: Partial<HoursReportParams>) =>
    void navigate(
      pathOf({ start_date: start ?? '', end_date: end ?? '', filter_option: filterOption ?? '', ...next }),
    );

  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={go}>
        <Stack gap={4}>
          <Input.Label id={filterLabelId} labelElement="div">
            {t('filters.label')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            value={filter ?? ''}
            onChange={(value) => go({ filter_option: value })}
            data={HOURS_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          />
        </Stack>
      </RangeFields>
      <ReportStatus
        problem={code === null ? null : t(`errors:${code}`)}
        query={query}
        isEmpty={(report) => report.cells.length === 0}
        empty={{ title: t('hours.empty'), hint: t('hours.empty_hint') }}
      >
        {(report) => <HoursReportResult report={report} view={view} onViewChange={setView} />}
      </ReportStatus>
    </Page>
  );
}

interface ResultProps {
  report: HoursReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

function HoursReportResult({ report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const memberName = useMemberName();
  const filter: HoursFilter = report.filter;
  const withYear = spansYears(report.start_date, report.end_date);
  const series = report.members.map((member, index) => ({
    id: `u${member.user_id}`,
    label: memberName(member),
    color: seriesColor(index),
  }));
  const table = gridTable({
    caption: t(`hours.caption.${filter}`, { range: format.range(report.start_date, report.end_date) }),
    keys: report.buckets,
    keyColumn: {
      label: t(`hours.column.${filter}`),
      format: (bucket) => format.bucket(String(bucket), filter, withYear),
    },
    series,
    cells: report.cells.map((cell) => ({ key: cell.bucket, series: `u${cell.user_id}`, value: cell.hours })),
    valueFormat: format.hours,
    totalLabel: t('total'),
  });
  const data = table.rows.map((row) => ({
    bucket: format.bucket(String(row[0]), filter, withYear),
    ...Object.fromEntries(series.map((one, index) => [one.id, Number(row[index + 1])])),
  }));
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('hours.total', { hours: format.hours(report.total) })}</Text>
      <ReportView
        table={table}
        fileName={csvFileName('hours', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <ReportBarChart
            type="stacked"
            data={data}
            dataKey="bucket"
            series={series.map(({ id, label, color }) => ({ name: id, label, color }))}
            valueFormatter={format.hours}
          />
        }
      />
    </Stack>
  );
}
