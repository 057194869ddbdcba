import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Text } from 'recharts';

interface ReportBarChartProps {
  data: Record<string, string | number>[];
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
}

/** The width of a vertical chart's name axis. */
const NAME_AXIS_WIDTH = 110;
const NAME_STYLE = { fontSize: 12 };

/**
 * A name on a vertical chart's axis, kept inside the axis: it ends 16 px left of the axis' edge (the
 * 6 px tick and Mantine's 10 px shift), and a name that would not fit in two lines ends in "…"
 * instead of running out of the chart on the left (recharts' default tick drops `maxLines`). The
 * table beside the chart holds the whole name.
 */
function NameTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value: unknown };
}) {
  return (
    <Text
      x={x}
      y={y}
      width={NAME_AXIS_WIDTH - 20}
      maxLines={2}
      textAnchor="end"
      verticalAnchor="middle"
      transform="translate(-10, 0)"
      // Measured at the size it is drawn (recharts measures the words with `style` only).
      style={NAME_STYLE}
      fill="currentColor"
    >
      {String(payload?.value ?? '')}
    </Text>
  );
}

const NAME_AXIS = { width: NAME_AXIS_WIDTH, tick: NameTick };

/**
 * The bar chart of every report (the charts library loads with the report screens only). It is
 * hidden from assistive technology: the table beside it holds the same numbers.
 */
export function ReportBarChart({
  orientation = 'horizontal',
  h = 300,
  counts,
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
