import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NAME_AXIS } from '../../../components/chart-name-axis';

interface ReportBarChartProps {
  /** A null value draws no bar (a week without a median). */
  data: Record<string, string | number | null>[];
  /** The key of each datum's axis label. */
  dataKey: string;
  series: BarChartSeries[];
  type?: 'default' | 'stacked';
  valueFormatter: (value: number) => string;
  /** `vertical`: one horizontal bar per datum, labels on the left (names read better so). */
  orientation?: 'horizontal' | 'vertical';
  h?: number;
  /** Whole numbers only on the value axis (numbers of tasks: recharts would tick 0.5). */
  counts?: boolean;
  /** Each bar's value written over it: for charts of few bars, where the axis alone reads poorly. */
  withValues?: boolean;
}

/**
 * The bar chart of every report (the charts library loads with the report screens only). It is
 * hidden from assistive technology: the table beside it holds the same numbers.
 */
export function ReportBarChart({
  orientation = 'horizontal',
  h = 300,
  counts,
  withValues = false,
  ...props
}: ReportBarChartProps) {
  const valueAxis = counts ? { allowDecimals: false } : undefined;
  return (
    <BarChart
      h={h}
      orientation={orientation}
      withLegend={props.series.length > 1}
      // The series' own order (members as the report lists them), not recharts' alphabetical one.
      legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
      tickLine="y"
      // Lines across the value axis only.
      gridAxis={orientation === 'vertical' ? 'y' : 'x'}
      accessibilityLayer={false}
      // A vertical chart's value axis is x; its y axis holds the names.
      yAxisProps={orientation === 'vertical' ? NAME_AXIS : valueAxis}
      xAxisProps={orientation === 'vertical' ? valueAxis : undefined}
      maxBarWidth={48}
      withBarValueLabel={withValues}
      {...props}
    />
  );
}

/**
 * A chart under its own heading, clipped: a tooltip left where the pointer was before the window
 * narrowed must not widen the page.
 */
export function TitledChart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" style={{ overflow: 'hidden' }}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
