import { useQuery } from '@tanstack/react-query';
import type { UsersHoursReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

export interface UsersHoursReportQuery {
  start_date: string;
  end_date: string;
}

/** GET /api/projects/:id/reports/users_hours?start_date=&end_date= */
export async function getUsersHoursReport(
  projectId: string,
  query: UsersHoursReportQuery,
): Promise<UsersHoursReport> {
  const body = await api.get<{ data: UsersHoursReport }>(
    `${reportsPath(projectId)}/users_hours${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the range is not valid, and the screen says so without asking the server. */
export function useUsersHoursReport(projectId: string, query: UsersHoursReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'users_hours', { ...query }),
    queryFn: () => getUsersHoursReport(projectId, query!),
    enabled: query !== null,
  });
}
