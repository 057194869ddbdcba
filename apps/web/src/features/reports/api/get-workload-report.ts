import { useQuery } from '@tanstack/react-query';
import type { WorkloadReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

export interface WorkloadReportQuery {
  start_date: string;
  end_date: string;
  /** Left out: every board of the project. */
  board_id?: number;
}

/** GET /api/projects/:id/reports/workload?start_date=&end_date=[&board_id=] */
export async function getWorkloadReport(
  projectId: string,
  query: WorkloadReportQuery,
): Promise<WorkloadReport> {
  const body = await api.get<{ data: WorkloadReport }>(
    `${reportsPath(projectId)}/workload${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the address is not valid, and the screen says so without asking the server. */
export function useWorkloadReport(projectId: string, query: WorkloadReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'workload', { ...query }),
    queryFn: () => getWorkloadReport(projectId, query!),
    enabled: query !== null,
  });
}
