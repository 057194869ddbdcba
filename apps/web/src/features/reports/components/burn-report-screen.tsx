import '@mantine/charts/styles.css';
import { LineChart, type ChartReferenceLineProps } from '@mantine/charts';
import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import type { BurnNumbers, BurnReport } from '@teamboard/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBurnReport, type BurnKind } from '../api/get-burn-report';
import { csvFileName } from '../../../lib/csv';
import { spansYears, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { parseMilestoneId } from './milestone-picker';
import { MilestoneReportPage } from './milestone-report-page';
import { ReportView, type ReportViewMode } from './report-view';

/** What the lines count: tasks, or their expected hours. */
export type BurnUnit = 'tasks' | 'hours';
const BURN_UNITS: BurnUnit[] = ['tasks', 'hours'];

interface BurnReportScreenProps {
  projectId: string;
  title: string;
  mode: BurnKind;
  /** The address's `milestone_id`, as typed: the screen checks it. */
  milestoneParam: string | undefined;
  /** The address of this report for another milestone. */
  pathOf: (milestoneId: number) => string;
}

/**
 * /project/:id/report/burnup/:milestone_id and …/burndown/:milestone_id — a milestone's scope
 * against its completed (burnup) or remaining (burndown) work, day by day, with the ideal line.
 */
export function BurnReportScreen({ projectId, title, mode, milestoneParam, pathOf }: BurnReportScreenProps) {
  const { t } = useTranslation('reports');
  const [view, setView] = useState<ReportViewMode>('chart');
  const [unit, setUnit] = useState<BurnUnit>('tasks');
  const milestoneId = parseMilestoneId(milestoneParam);
  const query = useBurnReport(projectId, mode, milestoneId);
  return (
    <MilestoneReportPage
      projectId={projectId}
      title={title}
      milestoneId={milestoneId}
      pathOf={pathOf}
      query={query}
      controls={<UnitControl unit={unit} onChange={setUnit} />}
      isEmpty={(report) => report.days.every((day) => !day.tasks.scope && !day.tasks.ideal_completed)}
      empty={{ title: t('burn.empty'), hint: t('burn.empty_hint') }}
    >
      {(report) => <BurnResult report={report} mode={mode} unit={unit} view={view} onViewChange={setView} />}
    </MilestoneReportPage>
  );
}

/** Tasks or expected hours (burnup, burndown and velocity count both). */
export function UnitControl({ unit, onChange }: { unit: BurnUnit; onChange: (unit: BurnUnit) => void }) {
  const { t } = useTranslation('reports');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Input.Label id={labelId} labelElement="div">
        {t('burn.unit.label')}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={labelId}
        value={unit}
        onChange={(value) => onChange(value as BurnUnit)}
        data={BURN_UNITS.map((value) => ({ value, label: t(`burn.unit.${value}`) }))}
      />
    </Stack>
  );
}

export interface ResultProps {
  report: BurnReport;
  mode: BurnKind;
  unit: BurnUnit;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

/** The line each mode follows besides the scope: completed work up, remaining work down. */
const PROGRESS: Record<BurnKind, 'completed' | 'remaining'> = { burnup: 'completed', burndown: 'remaining' };
const IDEAL: Record<BurnKind, 'ideal_completed' | 'ideal_remaining'> = {
  burnup: 'ideal_completed',
  burndown: 'ideal_remaining',
};

/** A day's numbers as the table and the chart read them: scope, progress, ideal. */
function pointOf(numbers: BurnNumbers, mode: BurnKind) {
  return { scope: numbers.scope, progress: numbers[PROGRESS[mode]], ideal: numbers[IDEAL[mode]] };
}

function useBurnFormat(unit: BurnUnit) {
  const format = useReportFormat();
  const value = unit === 'hours' ? format.hours : format.number;
  /** A scope change with its sign ("+2", "−1,5 h"). */
  const signed = (change: number) => `${change < 0 ? '−' : '+'}${value(Math.abs(change))}`;
  return { ...format, value, signed };
}

function useBurnTable({
  report,
  mode,
  unit,
}: Pick<ResultProps, 'report' | 'mode' | 'unit'>): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useBurnFormat(unit);
  const withYear = spansYears(report.start_date, report.end_date);
  const changes = new Map(
    report.scope_changes.filter((change) => change[unit] !== 0).map((change) => [change.day, change[unit]]),
  );
  const number = (value: unknown) => format.value(Number(value));
  return {
    caption: t(`burn.caption.${mode}`, {
      name: report.milestone.name,
      unit: t(`burn.unit_in.${unit}`),
      range: format.range(report.start_date, report.end_date),
    }),
    columns: [
      { label: t('burn.day'), format: (day) => format.bucket(String(day), 'day', withYear) },
      { label: t('burn.scope'), isNumeric: true, format: number },
      { label: t(`burn.${PROGRESS[mode]}`), isNumeric: true, format: number },
      { label: t('burn.ideal'), isNumeric: true, format: number },
      { label: t('burn.scope_change'), isNumeric: true, format: (change) => format.signed(Number(change)) },
    ],
    rows: report.days.map((day) => {
      const point = pointOf(day[unit], mode);
      return [day.day, point.scope, point.progress, point.ideal, changes.get(day.day) ?? null];
    }),
  };
}

/** Where the last day with numbers stands (today, or the last day shown). */
function useSummary(report: BurnReport, unit: BurnUnit): string {
  const { t } = useTranslation('reports');
  const format = useBurnFormat(unit);
  const latest = report.days.findLast((day) => day[unit].scope !== null);
  if (!latest) return t('burn.not_started', { day: format.bucket(report.start_date, 'day', true) });
  const { scope, completed, remaining } = latest[unit];
  return t('burn.summary', {
    day: format.bucket(latest.day, 'day', true),
    completed: format.value(completed ?? 0),
    scope: format.value(scope ?? 0),
    remaining: format.value(remaining ?? 0),
  });
}

/** The chart (or table) of one burn report; milestone snapshots draw their frozen burndown with it. */
export function BurnResult({ report, mode, unit, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useBurnFormat(unit);
  const table = useBurnTable({ report, mode, unit });
  const summary = useSummary(report, unit);
  const withYear = spansYears(report.start_date, report.end_date);
  const label = (day: string) => format.bucket(day, 'day', withYear);
  const data = report.days.map((day) => ({ day: label(day.day), ...pointOf(day[unit], mode) }));
  // A mark on each day the scope grew or shrank; hours changes only when the unit is hours.
  const marks: ChartReferenceLineProps[] = report.scope_changes
    .filter((change) => change[unit] !== 0)
    .map((change) => ({
      x: label(change.day),
      label: format.signed(change[unit]),
      labelPosition: 'insideTopRight',
      color: 'grape.6',
    }));
  return (
    <Stack gap="sm">
      <Text fw={600}>{summary}</Text>
      <Text size="sm" c="dimmed">
        {t('burn.note')}
        {report.end_date > report.milestone.deadline &&
          ` ${t('burn.after_deadline', { deadline: label(report.milestone.deadline), end: label(report.end_date) })}`}
      </Text>
      <ReportView
        table={table}
        fileName={csvFileName(`${mode}-${unit}`, report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <LineChart
            h={320}
            data={data}
            dataKey="day"
            curveType="linear"
            connectNulls={false}
            series={[
              { name: 'scope', label: t('burn.scope'), color: 'blue.6' },
              {
                name: 'progress',
                label: t(`burn.${PROGRESS[mode]}`),
                color: mode === 'burnup' ? 'teal.6' : 'orange.6',
              },
              { name: 'ideal', label: t('burn.ideal'), color: 'gray.6', strokeDasharray: '6 4' },
            ]}
            referenceLines={marks}
            withDots={report.days.length <= 31}
            withLegend
            legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
            tickLine="y"
            gridAxis="y"
            accessibilityLayer={false}
            valueFormatter={format.value}
            yAxisProps={{ allowDecimals: unit === 'hours' }}
          />
        }
      />
    </Stack>
  );
}
