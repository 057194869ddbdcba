import { Stack, Text } from '@mantine/core';
import { timelineRangeError, type TimelineReport } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useTimelineReport } from '../api/get-timeline-report';
import { csvFileName } from '../../../lib/csv';
import { rangeProblem } from '../dates';
import { useMemberName, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import { RangeFields, type DayRange } from './range-fields';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';
import { TimelineChart, TimelineLegend } from './timeline-chart';

interface TimelineReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<DayRange>;
  /** The address of this report with other parameters. */
  pathOf: (params: DayRange) => string;
}

/** The range's error code, or null: the gantt draws a column per day, so it covers at most a year. */
function timelineRangeProblem(start: string | undefined, end: string | undefined): string | null {
  return rangeProblem(start, end) ?? timelineRangeError(start!, end!);
}

/** /project/:id/report/timeline/:start_date/:end_date — tasks and milestones by date (gantt). */
export function TimelineReportScreen({ projectId, title, params, pathOf }: TimelineReportScreenProps) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [view, setView] = useState<ReportViewMode>('chart');
  const { start_date: start, end_date: end } = params;
  const code = timelineRangeProblem(start, end);
  const query = useTimelineReport(projectId, code === null ? { start_date: start!, end_date: end! } : null);

  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={(range) => void navigate(pathOf(range))} />
      <ReportStatus
        problem={code === null ? null : t(`errors:${code}`)}
        query={query}
        isEmpty={(report) => report.groups.length === 0}
        empty={{ title: t('timeline.empty'), hint: t('timeline.empty_hint') }}
      >
        {(report) => (
          <TimelineResult projectId={projectId} report={report} view={view} onViewChange={setView} />
        )}
      </ReportStatus>
    </Page>
  );
}

/** The status of a task in words: the table and the CSV must not rest on the chart's colours. */
function useTaskStatus() {
  const { t } = useTranslation('reports');
  return (task: TimelineReport['groups'][number]['tasks'][number]) =>
    task.completed ? t('timeline.completed') : task.overdue ? t('timeline.overdue') : t('timeline.open');
}

function useTimelineTable(report: TimelineReport): ReportTableData {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const memberName = useMemberName();
  const status = useTaskStatus();
  const names = new Map(report.members.map((member) => [member.user_id, memberName(member)]));
  const day = (value: unknown) => format.bucket(String(value), 'day', true);
  return {
    caption: t('timeline.caption', { range: format.range(report.start_date, report.end_date) }),
    columns: [
      { label: t('timeline.task') },
      { label: t('timeline.milestone') },
      { label: t('timeline.start'), format: day },
      { label: t('timeline.end'), format: day },
      { label: t('timeline.status') },
      { label: t('timeline.roadblock') },
      { label: t('timeline.assignees') },
    ],
    rows: report.groups.flatMap((group) =>
      group.tasks.map((task) => [
        task.title,
        group.milestone?.name ?? t('timeline.no_milestone'),
        task.start,
        task.end,
        status(task),
        task.is_blocked ? (task.blocked_reason ?? t('timeline.blocked')) : '',
        task.assignees.map((id) => names.get(id) ?? `#${id}`).join(', '),
      ]),
    ),
  };
}

interface ResultProps {
  projectId: string;
  report: TimelineReport;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

function TimelineResult({ projectId, report, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const table = useTimelineTable(report);
  const shown = table.rows.length;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('timeline.summary', { count: shown, formatted: format.number(shown) })}</Text>
      {report.total_tasks > shown && (
        <Text size="sm" c="orange.9" role="status">
          {t('timeline.capped', { shown: format.number(shown), total: format.number(report.total_tasks) })}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('timeline.note', { today: format.range(report.today, report.today) })}
      </Text>
      <ReportView
        table={table}
        fileName={csvFileName('timeline', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        // Milestones alone (no task in the range) draw on the chart, but leave the table empty.
        empty={{ title: t('timeline.no_tasks'), hint: t('timeline.no_tasks_hint') }}
        chart={
          <Stack gap="xs">
            <TimelineLegend />
            <TimelineChart projectId={projectId} report={report} />
          </Stack>
        }
      />
    </Stack>
  );
}
