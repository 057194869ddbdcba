import { useQuery } from '@tanstack/react-query';
import type { CommitsReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

export interface CommitsReportQuery {
  start_date: string;
  end_date: string;
  /** Left out: every author. */
  user_id?: number;
  /** Left out: every repository. */
  repository_id?: number;
}

/** GET /api/projects/:id/reports/commits?start_date=&end_date=[&user_id=][&repository_id=] */
export async function getCommitsReport(projectId: string, query: CommitsReportQuery): Promise<CommitsReport> {
  const body = await api.get<{ data: CommitsReport }>(
    `${reportsPath(projectId)}/commits${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the address is not valid, and the screen says so without asking the server. */
export function useCommitsReport(projectId: string, query: CommitsReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'commits', { ...query }),
    queryFn: () => getCommitsReport(projectId, query!),
    enabled: query !== null,
  });
}
