import { useQuery } from '@tanstack/react-query';
import type { HoursFilter, HoursReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

export interface HoursReportQuery {
  start_date: string;
  end_date: string;
  filter: HoursFilter;
}

/** GET /api/projects/:id/reports/hours?start_date=&end_date=&filter= */
export async function getHoursReport(projectId: string, query: HoursReportQuery): Promise<HoursReport> {
  const body = await api.get<{ data: HoursReport }>(
    `${reportsPath(projectId)}/hours${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the range is not valid, and the screen says so without asking the server. */
export function useHoursReport(projectId: string, query: HoursReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'hours', { ...query }),
    queryFn: () => getHoursReport(projectId, query!),
    enabled: query !== null,
  });
}
