import { Group, Stack, Text, Title } from '@mantine/core';
import type { Milestone, VelocityReport } from '@teamboard/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVelocityReport } from '../api/get-velocity-report';
import { csvFileName } from '../../../lib/csv';
import { useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { UnitControl, type BurnUnit } from './burn-report-screen';
import { useReportMilestones } from './milestone-picker';
import { ReportBarChart } from './report-bar-chart';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';

/**
 * What the page knows of its sprints, as one text: part of the report's cache key, so marking a
 * milestone as a sprint, renaming it or moving its dates asks the server again. null: no sprints.
 */
function sprintsKey(milestones: Milestone[]): string | null {
  const sprints = milestones.filter((milestone) => milestone.sprint);
  if (sprints.length === 0) return null;
  return sprints.map((s) => `${s.milestone_id}:${s.start_date}:${s.deadline}:${s.milestone_name}`).join('|');
}

/**
 * The milestones page's "Velocity" section: tasks and expected hours completed per sprint, against
 * what each holds, and the mean of the finished ones. Nothing while the project has no milestones.
 */
export function VelocitySection({ projectId }: { projectId: string }) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const { data: milestones = [] } = useReportMilestones(projectId);
  const key = sprintsKey(milestones);
  const query = useVelocityReport(projectId, key);
  const [view, setView] = useState<ReportViewMode>('chart');
  const [unit, setUnit] = useState<BurnUnit>('tasks');
  if (milestones.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" mt="lg">
      <Title order={2} size="h3" id={headingId}>
        {t('velocity.title')}
      </Title>
      {key === null ? (
        <Text size="sm" c="dimmed">
          {t('velocity.hint')}
        </Text>
      ) : (
        <ReportStatus
          problem={null}
          query={query}
          isEmpty={(report) => report.sprints.length === 0}
          empty={{ title: t('velocity.empty'), hint: t('velocity.hint') }}
        >
          {(report) => (
            <VelocityResult
              report={report}
              unit={unit}
              onUnitChange={setUnit}
              view={view}
              onViewChange={setView}
            />
          )}
        </ReportStatus>
      )}
    </Stack>
  );
}

function VelocityResult({ onUnitChange, ...props }: ViewProps & { onUnitChange: (unit: BurnUnit) => void }) {
  return (
    <Stack gap="sm">
      <Text fw={600}>{useAverageText(props.report)}</Text>
      <Group>
        <UnitControl unit={props.unit} onChange={onUnitChange} />
      </Group>
      <VelocityView {...props} />
    </Stack>
  );
}

/** "Mean velocity of 2 finished sprints: 3 tasks, 7.5 h", or that none has finished. */
function useAverageText(report: VelocityReport): string {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const { average } = report;
  if (!average) return t('velocity.none_finished');
  return t('velocity.average', {
    count: average.sprints,
    tasks: format.number(average.tasks),
    hours: format.hours(average.hours),
  });
}

function useVelocityTable(report: VelocityReport): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const count = (value: unknown) => format.number(Number(value));
  const hours = (value: unknown) => format.hours(Number(value));
  const { average } = report;
  return {
    caption: t('velocity.caption'),
    columns: [
      { label: t('velocity.sprint') },
      { label: t('velocity.dates') },
      { label: t('velocity.completed_tasks'), isNumeric: true, format: count },
      { label: t('velocity.planned_tasks'), isNumeric: true, format: count },
      { label: t('velocity.completed_hours'), isNumeric: true, format: hours },
      { label: t('velocity.planned_hours'), isNumeric: true, format: hours },
    ],
    rows: report.sprints.map((sprint) => [
      sprint.finished ? sprint.name : t('velocity.not_finished', { name: sprint.name }),
      format.range(sprint.start_date, sprint.deadline),
      sprint.completed.tasks,
      sprint.planned.tasks,
      sprint.completed.hours,
      sprint.planned.hours,
    ]),
    footer: average ? [t('velocity.average_row'), null, average.tasks, null, average.hours, null] : undefined,
  };
}

interface ViewProps {
  report: VelocityReport;
  unit: BurnUnit;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

/** Completed against planned, a pair of bars per sprint, in tasks or expected hours. */
function VelocityView({ report, unit, view, onViewChange }: ViewProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const table = useVelocityTable(report);
  const data = report.sprints.map((sprint) => ({
    sprint: sprint.name,
    completed: sprint.completed[unit],
    planned: sprint.planned[unit],
  }));
  const first = report.sprints[0]!;
  const last = report.sprints.at(-1)!;
  return (
    <ReportView
      table={table}
      fileName={csvFileName('velocity', first.start_date, last.deadline)}
      view={view}
      onViewChange={onViewChange}
      chart={
        <ReportBarChart
          counts={unit === 'tasks'}
          h={240}
          data={data}
          dataKey="sprint"
          series={[
            { name: 'completed', label: t(`velocity.completed_${unit}`), color: 'teal.6' },
            { name: 'planned', label: t(`velocity.planned_${unit}`), color: 'gray.4' },
          ]}
          valueFormatter={unit === 'hours' ? format.hours : format.number}
        />
      }
    />
  );
}
