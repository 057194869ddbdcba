import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAverageCompletionReport } from '../api/get-average-completion-report';
import { useBurnReport } from '../api/get-burn-report';
import { useCommitsReport } from '../api/get-commits-report';
import { useHoursReport } from '../api/get-hours-report';
import { useHoursVariationReport } from '../api/get-hours-variation-report';
import { useLeadTimeReport } from '../api/get-lead-time-report';
import { usePullRequestsReport } from '../api/get-pull-requests-report';
import { useTaskProgressReport } from '../api/get-task-progress-report';
import { useTasksReport } from '../api/get-tasks-report';
import { useTimelineReport } from '../api/get-timeline-report';
import { useUsersHoursReport } from '../api/get-users-hours-report';
import { useWorkloadReport } from '../api/get-workload-report';
import { useReportFormat, type ReportFormat } from '../format';

/** What a report's card previews: the parameters its link opens with. */
export interface PreviewContext {
  projectId: string;
  start_date: string;
  end_date: string;
  /** The milestone and board the milestone and board reports open on (null: the project has none). */
  milestoneId: number | null;
  boardId: number | null;
}

type Translate = ReturnType<typeof useTranslation>['t'];
type Line<T> = (report: T, words: { t: Translate; format: ReportFormat }) => string;

/** The card's live line once its report has answered; nothing while it loads or if it fails. */
function PreviewLine<T>({ query, line }: { query: UseQueryResult<T>; line: Line<T> }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  if (!query.isSuccess) return null;
  return (
    <Text size="sm" fw={600} mt={6} c="dark.6">
      {line(query.data, { t, format })}
    </Text>
  );
}

const range = (c: PreviewContext) => ({ start_date: c.start_date, end_date: c.end_date });

interface PreviewProps {
  context: PreviewContext;
}

function HoursPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useHoursReport(c.projectId, { ...range(c), filter: 'day' })}
      line={(r, { t, format }) => t('preview.hours', { hours: format.hours(r.total) })}
    />
  );
}

function UsersHoursPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useUsersHoursReport(c.projectId, range(c))}
      line={(r, { t }) => t('preview.user', { n: r.rows.filter((row) => row.hours > 0).length })}
    />
  );
}

function TasksPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useTasksReport(c.projectId, range(c))}
      line={(r, { t }) =>
        t('preview.tasks', { created: r.metrics.created.count, completed: r.metrics.completed.count })
      }
    />
  );
}

function TimelinePreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useTimelineReport(c.projectId, range(c))}
      line={(r, { t }) => t('preview.timeline', { n: r.total_tasks })}
    />
  );
}

function PullRequestsPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={usePullRequestsReport(c.projectId, {})}
      line={(r, { t }) =>
        t('preview.pullrequests', { n: r.weeks.reduce((sum, week) => sum + week.merged, 0) })
      }
    />
  );
}

function LeadTimePreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useLeadTimeReport(c.projectId, {})}
      line={(r, { t, format }) =>
        r.summary.lead_days.median === null
          ? t('preview.lead_none')
          : t('preview.lead', { days: format.number(r.summary.lead_days.median) })
      }
    />
  );
}

function CommitsPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useCommitsReport(c.projectId, range(c))}
      line={(r, { t }) => t('preview.commits', { n: r.total })}
    />
  );
}

function AverageCompletionPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useAverageCompletionReport(c.projectId, c.milestoneId)}
      line={(r, { t, format }) =>
        t('preview.averagetaskcompletion', {
          share: format.percent(r.totals.completion ?? 0),
          n: r.totals.tasks,
        })
      }
    />
  );
}

function HoursVariationPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useHoursVariationReport(c.projectId, c.milestoneId)}
      line={(r, { t, format }) =>
        t('preview.estimatedhoursvariation', {
          reported: format.hours(r.totals.reported_hours),
          expected: format.hours(r.totals.expected_hours),
        })
      }
    />
  );
}

function TaskProgressPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useTaskProgressReport(
        c.projectId,
        c.boardId === null ? null : { ...range(c), board_id: c.boardId },
      )}
      line={(r, { t }) =>
        t('preview.taskprogress', { n: (r.days.at(-1)?.counts ?? []).reduce((sum, n) => sum + n, 0) })
      }
    />
  );
}

function WorkloadPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useWorkloadReport(c.projectId, range(c))}
      line={(r, { t }) => t('preview.workload', { n: r.totals.open_tasks, overdue: r.totals.overdue })}
    />
  );
}

/**
 * Each report's key figure over the range (or milestone, or board) its card opens on, asked of the
 * same API the report uses, so the index shows what is in each before it is opened.
 */
const PREVIEWS: Record<string, (props: PreviewProps) => ReactNode> = {
  hours: HoursPreview,
  user: UsersHoursPreview,
  tasks: TasksPreview,
  timeline: TimelinePreview,
  burnup: BurnPreview,
  burndown: BurnPreview,
  pullrequests: PullRequestsPreview,
  lead: LeadTimePreview,
  commits: CommitsPreview,
  averagetaskcompletion: AverageCompletionPreview,
  estimatedhoursvariation: HoursVariationPreview,
  taskprogress: TaskProgressPreview,
  workload: WorkloadPreview,
};

/** Burnup and burndown share their figure: done of the scope, the latest day known. */
function BurnPreview({ context: c }: PreviewProps) {
  return (
    <PreviewLine
      query={useBurnReport(c.projectId, 'burnup', c.milestoneId)}
      line={(r, { t }) => {
        const latest = r.days.filter((day) => day.tasks.scope !== null).at(-1)?.tasks;
        return t('preview.burn', { completed: latest?.completed ?? 0, scope: latest?.scope ?? 0 });
      }}
    />
  );
}

/** The live figure of one report's card. */
export function ReportPreview({ kind, context }: { kind: string; context: PreviewContext }) {
  const Preview = PREVIEWS[kind];
  return Preview ? <Preview context={context} /> : null;
}
