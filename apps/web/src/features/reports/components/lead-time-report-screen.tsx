import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { LeadTimeReport } from '@teamboard/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { Link } from 'react-router';
import { NumbersTable } from '../../../components/numbers-table';
import { useLeadTimeReport } from '../api/get-lead-time-report';
import { csvFileName, downloadCsv, toCsv } from '../../../lib/csv';
import { spansYears, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { OptionalRangeReportPage, type OptionalRangeReportScreenProps } from './optional-range-report-page';
import { ReportView, type ReportViewMode } from './report-view';
import { ReportBarChart } from './report-bar-chart';

/** /project/:id/report/lead[?start_date=&end_date=] — lead and cycle time of the completed tasks. */
export function LeadTimeReportScreen(props: OptionalRangeReportScreenProps) {
  const { t } = useTranslation('reports');
  return (
    <OptionalRangeReportPage
      {...props}
      useReport={useLeadTimeReport}
      isEmpty={(report) => report.summary.count === 0}
      empty={{ title: t('lead.empty'), hint: t('lead.empty_hint') }}
    >
      {(report) => <LeadTimeResult report={report} projectId={props.projectId} />}
    </OptionalRangeReportPage>
  );
}

/** Days as the report reads them: "2.5 days", "1 day"; nothing known, a dash. */
function useDays() {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  return (value: number | null) =>
    value === null ? '—' : t('lead.days', { count: value, value: format.number(value) });
}

function LeadTimeResult({ report, projectId }: { report: LeadTimeReport; projectId: string }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const range = format.range(report.start_date, report.end_date);
  return (
    <Stack gap="lg">
      <Summary report={report} />
      <Section title={t('lead.distribution.title')}>
        <Distribution report={report} range={range} />
      </Section>
      <Section title={t('lead.trend.title')}>
        <Trend report={report} range={range} />
      </Section>
      <Section title={t('lead.tasks.title')}>
        <CompletedTasks report={report} range={range} projectId={projectId} />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Summary({ report }: { report: LeadTimeReport }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const days = useDays();
  const { count, lead_days: lead, cycle_days: cycle } = report.summary;
  const stats: [string, string][] = [
    [t('lead.count'), format.number(count)],
    [t('lead.median_lead'), days(lead.median)],
    [t('lead.mean_lead'), days(lead.mean)],
    [t('lead.median_cycle'), days(cycle.median)],
    [t('lead.mean_cycle'), days(cycle.mean)],
  ];
  return (
    <Stack gap={6}>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, sm: 3, md: 5 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {stats.map(([label, value]) => (
          <Paper component="li" key={label} withBorder p="sm">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={600} size="lg">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('lead.explain')}{' '}
        {t('lead.cycle_count', { count: cycle.count, formatted: format.number(cycle.count) })}
      </Text>
    </Stack>
  );
}

function Distribution({ report, range }: { report: LeadTimeReport; range: string }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const [view, setView] = useState<ReportViewMode>('chart');
  const bucketLabel = ({ from, to }: { from: number; to: number | null }) =>
    to === null
      ? t('lead.distribution.over', { from: format.number(from) })
      : from === 0
        ? t('lead.distribution.under', { to: format.number(to) })
        : t('lead.distribution.between', { from: format.number(from), to: format.number(to) });
  const table: ReportTableData = {
    caption: t('lead.distribution.caption', { range }),
    columns: [
      { label: t('lead.distribution.bucket') },
      {
        label: t('lead.distribution.tasks'),
        isNumeric: true,
        format: (value) => format.number(Number(value)),
      },
    ],
    rows: report.distribution.map((bucket) => [bucketLabel(bucket), bucket.count]),
    footer: [t('total'), report.summary.count],
  };
  const data = report.distribution.map((bucket) => ({ bucket: bucketLabel(bucket), count: bucket.count }));
  return (
    <ReportView
      table={table}
      name={t('lead.distribution.title')}
      fileName={csvFileName('lead-time-distribution', report.start_date, report.end_date)}
      view={view}
      onViewChange={setView}
      chart={
        <ReportBarChart
          counts
          data={data}
          dataKey="bucket"
          series={[{ name: 'count', label: t('lead.distribution.tasks'), color: 'blue.6' }]}
          valueFormatter={format.number}
        />
      }
    />
  );
}

function Trend({ report, range }: { report: LeadTimeReport; range: string }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const [view, setView] = useState<ReportViewMode>('chart');
  const withYear = spansYears(report.start_date, report.end_date);
  const week = (day: string) => format.bucket(day, 'week', withYear);
  const number = (value: unknown) => format.number(Number(value));
  const table: ReportTableData = {
    caption: t('lead.trend.caption', { range }),
    columns: [
      { label: t('lead.trend.week'), format: (day) => week(String(day)) },
      { label: t('lead.trend.count'), isNumeric: true, format: number },
      { label: t('lead.trend.median_lead'), isNumeric: true, format: number },
      { label: t('lead.trend.median_cycle'), isNumeric: true, format: number },
    ],
    rows: report.weeks.map((row) => [row.week, row.count, row.median_lead_days, row.median_cycle_days]),
  };
  const data = report.weeks.map((row) => ({
    week: week(row.week),
    lead: row.median_lead_days,
    cycle: row.median_cycle_days,
  }));
  return (
    <ReportView
      table={table}
      name={t('lead.trend.title')}
      fileName={csvFileName('lead-time-trend', report.start_date, report.end_date)}
      view={view}
      onViewChange={setView}
      chart={<TrendChart data={data} />}
    />
  );
}

type TrendPoint = { week: string; lead: number | null; cycle: number | null };

/**
 * The medians week by week: a line, or bars with their values while fewer than two weeks have one
 * (a line through a single point draws nothing but the point, and the chart looked empty).
 */
function TrendChart({ data }: { data: TrendPoint[] }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const series = [
    { name: 'lead', label: t('lead.trend.lead'), color: 'blue.6' },
    { name: 'cycle', label: t('lead.trend.cycle'), color: 'orange.6' },
  ];
  const measured = data.filter((point) => point.lead !== null || point.cycle !== null);
  if (measured.length < 2) {
    return (
      <ReportBarChart
        data={measured}
        dataKey="week"
        series={series}
        valueFormatter={format.number}
        withValues
      />
    );
  }
  return (
    <LineChart
      h={300}
      data={data}
      dataKey="week"
      curveType="linear"
      // Weeks without completed tasks have no median: the line passes over them.
      connectNulls
      series={series}
      withLegend
      // The series' own order (lead, then cycle), not recharts' alphabetical one.
      legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
      tickLine="y"
      gridAxis="y"
      accessibilityLayer={false}
      valueFormatter={(value) => format.number(value)}
    />
  );
}

interface CompletedTasksProps {
  report: LeadTimeReport;
  range: string;
  projectId: string;
}

/** The tasks with links to open them; the CSV holds the raw times (UTC) and days with dot decimals. */
function CompletedTasks({ report, range, projectId }: CompletedTasksProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const shared = useFormat();
  const when = (at: string | null) => (at === null ? '—' : shared.date(at));
  const days = (value: number | null) => (value === null ? '—' : format.number(value));
  const header = ['task', 'created', 'started', 'completed', 'lead', 'cycle'].map((key) =>
    t(`lead.tasks.${key}`),
  );
  const download = () =>
    downloadCsv(
      csvFileName('lead-time-tasks', report.start_date, report.end_date),
      toCsv(
        ['ID', ...header],
        report.tasks.map((task) => [
          task.id,
          task.title,
          task.created_at,
          task.started_at,
          task.completed_at,
          task.lead_days,
          task.cycle_days,
        ]),
      ),
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {report.summary.count > report.tasks.length &&
            t('lead.tasks.newest_of', {
              shown: format.number(report.tasks.length),
              total: format.number(report.summary.count),
            })}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={t('download_named', { name: t('lead.tasks.title') })}
          onClick={download}
        >
          {t('download')}
        </Button>
      </Group>
      <NumbersTable
        minWidth={640}
        caption={t('lead.tasks.caption', { range })}
        captionAlign="left"
        rows={report.tasks}
        rowKey={(task) => task.id}
        columns={[
          {
            label: header[0],
            value: (task) => (
              <Anchor
                component={Link}
                to={`/project/${encodeURIComponent(projectId)}?task=${task.id}`}
                size="sm"
              >
                {task.title}
              </Anchor>
            ),
          },
          { label: header[1], wrap: 'nowrap', value: (task) => when(task.created_at) },
          { label: header[2], wrap: 'nowrap', value: (task) => when(task.started_at) },
          { label: header[3], wrap: 'nowrap', value: (task) => when(task.completed_at) },
          { label: header[4], numeric: true, value: (task) => days(task.lead_days) },
          { label: header[5], numeric: true, value: (task) => days(task.cycle_days) },
        ]}
      />
    </Stack>
  );
}
