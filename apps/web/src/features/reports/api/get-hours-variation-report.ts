import { useQuery } from '@tanstack/react-query';
import type { HoursVariationReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

/** GET /api/projects/:id/reports/estimated_hours_variation?milestone_id= */
export async function getHoursVariationReport(
  projectId: string,
  milestoneId: number,
): Promise<HoursVariationReport> {
  const body = await api.get<{ data: HoursVariationReport }>(
    `${reportsPath(projectId)}/estimated_hours_variation${reportQuery({ milestone_id: milestoneId })}`,
  );
  return body.data;
}

/** `milestoneId` null: no milestone chosen (or the address names none), so nothing is asked. */
export function useHoursVariationReport(projectId: string, milestoneId: number | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'estimatedhoursvariation', {
      milestone_id: milestoneId ?? undefined,
    }),
    queryFn: () => getHoursVariationReport(projectId, milestoneId!),
    enabled: milestoneId !== null,
  });
}
