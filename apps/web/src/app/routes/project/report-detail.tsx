import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useBoards } from '../../../features/boards/api/get-boards';
import { useRepositories } from '../../../features/code-hosting/api/get-repositories';
import { useMembers } from '../../../features/members/api/get-members';
import { useProject } from '../../../features/projects/api/get-project';
import { AverageCompletionReportScreen } from '../../../features/reports/components/average-completion-report-screen';
import { BurnReportScreen } from '../../../features/reports/components/burn-report-screen';
import { CommitsReportScreen } from '../../../features/reports/components/commits-report-screen';
import { HoursReportScreen } from '../../../features/reports/components/hours-report-screen';
import { HoursVariationReportScreen } from '../../../features/reports/components/hours-variation-report-screen';
import { LeadTimeReportScreen } from '../../../features/reports/components/lead-time-report-screen';
import { PullRequestsReportScreen } from '../../../features/reports/components/pull-requests-report-screen';
import { TaskProgressReportScreen } from '../../../features/reports/components/task-progress-report-screen';
import { TasksReportScreen } from '../../../features/reports/components/tasks-report-screen';
import { TimelineReportScreen } from '../../../features/reports/components/timeline-report-screen';
import { UsersHoursReportScreen } from '../../../features/reports/components/users-hours-report-screen';
import {
  WorkloadReportScreen,
  type BoardReportParams,
} from '../../../features/reports/components/workload-report-screen';
import { reportPath, type ReportKind } from '../../report-paths';

interface ReportRouteProps {
  kind: ReportKind;
  projectId: string;
  title: string;
}

/** The commits report picks among the project's members and repositories (two other features). */
function CommitsReportRoute({ projectId, title }: ReportRouteProps) {
  const { id: _id, ...params } = useParams();
  const { data: members = [] } = useMembers(projectId);
  const { data: repositories = [] } = useRepositories(projectId);
  return (
    <CommitsReportScreen
      projectId={projectId}
      title={title}
      params={params}
      pathOf={(next) => reportPath(projectId, 'commits', { ...next })}
      members={members.map(({ id, name }) => ({ id, name }))}
      repositories={repositories.map(({ id, name }) => ({ id, name }))}
    />
  );
}

/** The pull-request report's range is optional, in the query string (SPEC §2 names no parameter). */
function PullRequestsReportRoute({ projectId, title }: ReportRouteProps) {
  const [search] = useSearchParams();
  return (
    <PullRequestsReportScreen
      projectId={projectId}
      title={title}
      params={{
        start_date: search.get('start_date') ?? undefined,
        end_date: search.get('end_date') ?? undefined,
      }}
      pathOf={(range) => `${reportPath(projectId, 'pullrequests', {})}?${new URLSearchParams({ ...range })}`}
    />
  );
}

/** Task tracking picks among the project's members (the members feature). */
function TasksReportRoute({ projectId, title }: ReportRouteProps) {
  const { id: _id, ...params } = useParams();
  const { data: members = [] } = useMembers(projectId);
  return (
    <TasksReportScreen
      projectId={projectId}
      title={title}
      params={params}
      pathOf={(next) => reportPath(projectId, 'tasks', { ...next })}
      members={members.map(({ id, name }) => ({ id, name }))}
    />
  );
}

/** The lead-time report's range is optional, in the query string, like the pull requests'. */
function LeadTimeReportRoute({ projectId, title }: ReportRouteProps) {
  const [search] = useSearchParams();
  return (
    <LeadTimeReportScreen
      projectId={projectId}
      title={title}
      params={{
        start_date: search.get('start_date') ?? undefined,
        end_date: search.get('end_date') ?? undefined,
      }}
      pathOf={(range) => `${reportPath(projectId, 'lead', {})}?${new URLSearchParams({ ...range })}`}
    />
  );
}

/** Workload and task progress pick among the project's boards (the boards feature). */
function BoardReportRoute({ kind, projectId, title }: ReportRouteProps) {
  const { id: _id, ...params } = useParams();
  const { data: boards = [] } = useBoards(projectId);
  const props = {
    projectId,
    title,
    params,
    pathOf: (next: BoardReportParams) => reportPath(projectId, kind, { ...next }),
    boards: boards.map(({ id, name }) => ({ id, name })),
  };
  return kind === 'workload' ? <WorkloadReportScreen {...props} /> : <TaskProgressReportScreen {...props} />;
}

function ReportScreen({ kind, projectId, title }: ReportRouteProps) {
  const { id: _id, ...params } = useParams();
  switch (kind) {
    case 'hours':
      return (
        <HoursReportScreen
          projectId={projectId}
          title={title}
          params={params}
          pathOf={(next) => reportPath(projectId, kind, { ...next })}
        />
      );
    case 'user':
      return (
        <UsersHoursReportScreen
          projectId={projectId}
          title={title}
          params={params}
          pathOf={(next) => reportPath(projectId, kind, { ...next })}
        />
      );
    case 'commits':
      return <CommitsReportRoute kind={kind} projectId={projectId} title={title} />;
    case 'pullrequests':
      return <PullRequestsReportRoute kind={kind} projectId={projectId} title={title} />;
    case 'tasks':
      return <TasksReportRoute kind={kind} projectId={projectId} title={title} />;
    case 'lead':
      return <LeadTimeReportRoute kind={kind} projectId={projectId} title={title} />;
    case 'burnup':
    case 'burndown':
      return (
        <BurnReportScreen
          projectId={projectId}
          title={title}
          mode={kind}
          milestoneParam={params.milestone_id}
          pathOf={(milestoneId) => reportPath(projectId, kind, { milestone_id: String(milestoneId) })}
        />
      );
    case 'timeline':
      return (
        <TimelineReportScreen
          projectId={projectId}
          title={title}
          params={params}
          pathOf={(next) => reportPath(projectId, kind, { ...next })}
        />
      );
    case 'averagetaskcompletion':
      return (
        <AverageCompletionReportScreen
          projectId={projectId}
          title={title}
          params={params}
          pathOf={(next) => reportPath(projectId, kind, { ...next })}
        />
      );
    case 'estimatedhoursvariation':
      return (
        <HoursVariationReportScreen
          projectId={projectId}
          title={title}
          params={params}
          pathOf={(next) => reportPath(projectId, kind, { ...next })}
        />
      );
    case 'workload':
    case 'taskprogress':
      return <BoardReportRoute kind={kind} projectId={projectId} title={title} />;
  }
}

/** Every /project/:id/report/<kind>/… URL; the parameters depend on the kind (docs/spec.md §2). */
export default function ReportDetailRoute({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(id);
  const name = t(`reports.${kind}`);
  return <ReportScreen kind={kind} projectId={id} title={project ? `${name} · ${project.name}` : name} />;
}
