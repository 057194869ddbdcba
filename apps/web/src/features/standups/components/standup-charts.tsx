import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { StandupAnalysis } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useStandupFormat } from '../format';

/**
 * The team's days as charts: average hours per stand-up (bars), average stress and feeling (lines).
 * Its own chunk, loaded with the analysis only; hidden from assistive technology, since the table
 * beside it holds the same numbers.
 */
export default function StandupCharts({ analysis }: { analysis: StandupAnalysis }) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  const data = analysis.team.per_day.map((day) => ({
    day: format.shortDay(day.day),
    hours: day.hours_avg,
    stress: day.stress_avg,
    feeling: day.feeling_avg,
  }));
  // Every average withheld from the reader (moods are personal): no empty mood chart; the note says why.
  const hasMoods = data.some((day) => day.stress !== null || day.feeling !== null);
  return (
    <SimpleGrid cols={{ base: 1, md: hasMoods ? 2 : 1 }} spacing="lg" inert>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t('analysis.hours_chart')}
        </Text>
        <BarChart
          h={240}
          data={data}
          dataKey="day"
          series={[{ name: 'hours', label: t('analysis.hours_avg'), color: 'blue.6' }]}
          valueFormatter={(value) => format.hours(value)}
          yAxisProps={{ allowDecimals: false }}
          tickLine="y"
          gridAxis="x"
          maxBarWidth={40}
          accessibilityLayer={false}
        />
      </Stack>
      {hasMoods && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('analysis.mood_chart')}
          </Text>
          <LineChart
            h={240}
            data={data}
            dataKey="day"
            series={[
              { name: 'stress', label: t('analysis.stress_avg'), color: 'grape.6' },
              { name: 'feeling', label: t('analysis.feeling_avg'), color: 'teal.6' },
            ]}
            valueFormatter={(value) => format.number(value)}
            yAxisProps={{ domain: [1, 5], allowDecimals: false }}
            // A lone day's dot stays inside the chart, not on its edge.
            xAxisProps={{ padding: { left: 16, right: 16 } }}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            connectNulls
            tickLine="y"
            accessibilityLayer={false}
          />
        </Stack>
      )}
    </SimpleGrid>
  );
}
