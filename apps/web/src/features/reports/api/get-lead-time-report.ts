import { useQuery } from '@tanstack/react-query';
import type { LeadTimeReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

/** Both left out: the server's default, the last 12 weeks. */
export interface LeadTimeReportQuery {
  start_date?: string;
  end_date?: string;
}

/** GET /api/projects/:id/reports/lead[?start_date=&end_date=] */
export async function getLeadTimeReport(
  projectId: string,
  query: LeadTimeReportQuery,
): Promise<LeadTimeReport> {
  const body = await api.get<{ data: LeadTimeReport }>(
    `${reportsPath(projectId)}/lead${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the range is not valid, and the screen says so without asking the server. */
export function useLeadTimeReport(projectId: string, query: LeadTimeReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'lead', { ...query }),
    queryFn: () => getLeadTimeReport(projectId, query!),
    enabled: query !== null,
  });
}
