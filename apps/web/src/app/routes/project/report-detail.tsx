import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useRepositories } from '../../../features/code-hosting/api/get-repositories';
import { useMembers } from '../../../features/members/api/get-members';
import { useProject } from '../../../features/projects/api/get-project';
import { CommitsReportScreen } from '../../../features/reports/components/commits-report-screen';
import { HoursReportScreen } from '../../../features/reports/components/hours-report-screen';
import { PullRequestsReportScreen } from '../../../features/reports/components/pull-requests-report-screen';
import { ReportComingLater } from '../../../features/reports/components/report-coming-later';
import { UsersHoursReportScreen } from '../../../features/reports/components/users-hours-report-screen';
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
    default: {
      const details = Object.values(params).filter(Boolean).join(' · ');
      return <ReportComingLater title={title} details={details || undefined} />;
    }
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
