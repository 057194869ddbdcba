import { useQuery } from '@tanstack/react-query';
import type { TimelineReport, TimelineReportQuery } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

/** GET /api/projects/:id/reports/timeline?start_date=&end_date= */
export async function getTimelineReport(
  projectId: string,
  query: TimelineReportQuery,
): Promise<TimelineReport> {
  const body = await api.get<{ data: TimelineReport }>(
    `${reportsPath(projectId)}/timeline${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the address is not valid, and the screen says so without asking the server. */
export function useTimelineReport(projectId: string, query: TimelineReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'timeline', { ...query }),
    queryFn: () => getTimelineReport(projectId, query!),
    enabled: query !== null,
  });
}
