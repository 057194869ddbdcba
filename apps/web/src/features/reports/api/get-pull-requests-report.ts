import { useQuery } from '@tanstack/react-query';
import type { PullRequestsReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

/** Both left out: the server's default, the last 12 weeks. */
export interface PullRequestsReportQuery {
  start_date?: string;
  end_date?: string;
}

/** GET /api/projects/:id/reports/pull_requests[?start_date=&end_date=] */
export async function getPullRequestsReport(
  projectId: string,
  query: PullRequestsReportQuery,
): Promise<PullRequestsReport> {
  const body = await api.get<{ data: PullRequestsReport }>(
    `${reportsPath(projectId)}/pull_requests${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the range is not valid, and the screen says so without asking the server. */
export function usePullRequestsReport(projectId: string, query: PullRequestsReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'pull_requests', { ...query }),
    queryFn: () => getPullRequestsReport(projectId, query!),
    enabled: query !== null,
  });
}
