import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  ACCOUNT_TYPES,
  addDays,
  LESSON_STATUSES,
  localToday,
  METRICS_DEFAULT_RANGE_DAYS,
  METRICS_SERIES_KEYS,
  metricsRangeError,
  type Metrics,
  type MetricsInterval,
} from '@teamboard/contract';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { DayInput } from '../../../components/day-input';
import { NumbersTable } from '../../../components/numbers-table';
import { useMetrics, type MetricsRequest } from '../api/get-metrics';
import { downloadCsv, toCsv, type CsvValue } from '../../../lib/csv';

/** Numbers and days in the reader's language ("2,5" and "26 nov" in Spanish). */
function useMetricsFormat() {
  const format = useFormat();
  return useMemo(
    () => ({
      number: (value: number) => format.number(value),
      day: (day: string, withYear: boolean) => format.date(day, withYear ? 'medium' : 'short'),
      range: (start: string, end: string) => format.dateRange(start, end),
    }),
    [format],
  );
}

const CHARTS = [
  { key: 'activity', series: ['active_users'], kind: 'line' },
  { key: 'tasks', series: ['tasks_created', 'tasks_completed'], kind: 'bar' },
  { key: 'hours', series: ['hours_logged'], kind: 'bar' },
  { key: 'projects_evaluations', series: ['projects_created', 'evaluations_answered'], kind: 'bar' },
] as const;
const COLORS: Record<(typeof METRICS_SERIES_KEYS)[number], string> = {
  active_users: 'blue.6',
  tasks_created: 'orange.6',
  tasks_completed: 'teal.6',
  hours_logged: 'grape.6',
  projects_created: 'cyan.7',
  evaluations_answered: 'red.6',
};

/**
 * The dashboard's Metrics tab (teachers and admins): today's accounts, projects and lessons, then
 * the range's numbers per day or week as charts, a table and a CSV file of the same numbers.
 */
export function MetricsPanel() {
  const { t } = useTranslation('metrics');
  const [range, setRange] = useState(() => {
    const today = localToday();
    return { start: addDays(today, -(METRICS_DEFAULT_RANGE_DAYS - 1)), end: today };
  });
  const [interval, setInterval] = useState<MetricsInterval>('day');
  const isValid = metricsRangeError(range.start, range.end) === null;
  const request: MetricsRequest | null = isValid
    ? { start_date: range.start, end_date: range.end, interval }
    : null;
  const metrics = useMetrics(request);
  const fieldStyle = { flex: '1 1 140px', maxWidth: 200 };
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('heading')}
      </Title>
      <Group align="flex-end" gap="sm">
        <DayInput
          label={t('start')}
          value={range.start}
          onChange={(value) => value && setRange((current) => ({ ...current, start: value }))}
          style={fieldStyle}
        />
        <DayInput
          label={t('end')}
          value={range.end}
          onChange={(value) => value && setRange((current) => ({ ...current, end: value }))}
          style={fieldStyle}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="metrics-interval-label">
            {t('interval.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="metrics-interval-label"
            value={interval}
            onChange={(value) => setInterval(value as MetricsInterval)}
            data={[
              { value: 'day', label: t('interval.day') },
              { value: 'week', label: t('interval.week') },
            ]}
          />
        </Stack>
      </Group>
      {!isValid ? (
        <Alert color="yellow" role="alert">
          {t('range_invalid')}
        </Alert>
      ) : metrics.isError ? (
        <Alert color="red" role="alert">
          {t('failed')}
        </Alert>
      ) : !metrics.data ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : (
        <MetricsNumbers data={metrics.data} />
      )}
    </Stack>
  );
}

function MetricsNumbers({ data }: { data: Metrics }) {
  const { t } = useTranslation('metrics');
  const format = useMetricsFormat();
  const withYear = data.start_date.slice(0, 4) !== data.end_date.slice(0, 4);
  const periodLabel = (period: string) => format.day(period, withYear);
  const chartData = data.series.map((entry) => ({ ...entry, label: periodLabel(entry.period) }));
  const header = [
    t(data.interval === 'week' ? 'table.period_week' : 'table.period_day'),
    ...METRICS_SERIES_KEYS.map((key) => t(`series.${key}`)),
  ];
  const rows: CsvValue[][] = data.series.map((entry) => [
    entry.period,
    ...METRICS_SERIES_KEYS.map((key) => entry[key]),
  ]);
  const totals: CsvValue[] = [t('table.total'), ...METRICS_SERIES_KEYS.map((key) => data.totals[key])];
  const download = () =>
    downloadCsv(
      `metrics-${data.interval}-${data.start_date}-${data.end_date}.csv`,
      toCsv(header, [...rows, totals]),
    );

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('intro', { zone: data.time_zone })}
      </Text>
      <Box>
        <Title order={3} size="h4" mb="xs">
          {t('now.heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <CountsCard
            title={t('now.users')}
            items={ACCOUNT_TYPES.map((type) => [t(`account_type.${type}`), data.users_by_type[type]])}
          />
          <CountsCard
            title={t('now.projects_total')}
            items={[[t('now.projects_total'), data.projects_total]]}
          />
          <CountsCard
            title={t('now.lessons')}
            items={LESSON_STATUSES.map((status) => [
              t(`lesson_status.${status}`),
              data.lessons_by_status[status],
            ])}
          />
        </SimpleGrid>
      </Box>
      {/* inert: hidden from assistive technology and out of the Tab order (the charts' surfaces are focusable). */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" inert>
        {CHARTS.map((chart) => {
          const series = chart.series.map((key) => ({
            name: key,
            label: t(`series.${key}`),
            color: COLORS[key],
          }));
          const common = {
            h: 220,
            data: chartData,
            dataKey: 'label',
            series,
            withLegend: series.length > 1,
            legendProps: { verticalAlign: 'bottom' as const },
            valueFormatter: format.number,
            yAxisProps: chart.key === 'hours' ? undefined : { allowDecimals: false },
          };
          return (
            <Box key={chart.key}>
              <Text fw={600} size="sm" mb={4}>
                {t(`charts.${chart.key}`)}
              </Text>
              {chart.kind === 'line' ? (
                <LineChart {...common} curveType="linear" />
              ) : (
                <BarChart {...common} maxBarWidth={32} />
              )}
            </Box>
          );
        })}
      </SimpleGrid>
      <Stack gap="xs">
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={download}
          >
            {t('csv')}
          </Button>
        </Group>
        <MetricsTable data={data} periodLabel={periodLabel} />
        <Text size="xs" c="dimmed">
          {t('table.total_note')}
        </Text>
      </Stack>
    </Stack>
  );
}

/** The range's numbers per period, and the range's totals (the same numbers as the charts and the CSV). */
function MetricsTable({ data, periodLabel }: { data: Metrics; periodLabel: (period: string) => string }) {
  const { t } = useTranslation('metrics');
  const format = useMetricsFormat();
  return (
    <NumbersTable
      minWidth={METRICS_SERIES_KEYS.length * 110 + 120}
      noWrap
      caption={t(data.interval === 'week' ? 'table.caption_week' : 'table.caption_day', {
        range: format.range(data.start_date, data.end_date),
      })}
      captionAlign="left"
      rows={data.series}
      rowKey={(entry) => entry.period}
      totalLabel={t('table.total')}
      columns={[
        {
          label: t(data.interval === 'week' ? 'table.period_week' : 'table.period_day'),
          value: (entry) => periodLabel(entry.period),
        },
        ...METRICS_SERIES_KEYS.map((key) => ({
          key,
          label: t(`series.${key}`),
          numeric: true,
          value: (entry: Metrics['series'][number]) => entry[key],
          total: data.totals[key],
          totalTestId: `metrics-total-${key}`,
        })),
      ]}
    />
  );
}

function CountsCard({ title, items }: { title: string; items: [string, number][] }) {
  const format = useMetricsFormat();
  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <Stack gap={2}>
        {items.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{label}</Text>
            <Text size="sm" fw={600}>
              {format.number(value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
