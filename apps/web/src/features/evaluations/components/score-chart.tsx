import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';

interface ScoreChartProps {
  /** Counts of the scores 1..5 (index 0 is a 1). */
  distribution: number[];
  seriesLabel: string;
  valueFormatter: (value: number) => string;
}

/**
 * How many gave each score, with the reports' charting library and look. Hidden from assistive
 * technology: the table below holds the same numbers.
 */
export function ScoreChart({ distribution, seriesLabel, valueFormatter }: ScoreChartProps) {
  const data = distribution.map((count, index) => ({ score: String(index + 1), count }));
  // Whole people on the value axis, from 0 to the largest count (at least 1), at most 5 ticks.
  const top = Math.max(1, ...distribution);
  return (
    // inert, not only aria-hidden: the chart's surface is focusable, a Tab stop with nothing to read.
    <Box inert>
      <BarChart
        h={150}
        data={data}
        dataKey="score"
        series={[{ name: 'count', label: seriesLabel, color: 'blue.6' }]}
        tickLine="y"
        gridAxis="x"
        accessibilityLayer={false}
        yAxisProps={{ allowDecimals: false, width: 30, domain: [0, top], tickCount: Math.min(top, 4) + 1 }}
        valueFormatter={valueFormatter}
        maxBarWidth={40}
      />
    </Box>
  );
}
