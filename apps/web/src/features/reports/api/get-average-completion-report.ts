import { useQuery } from '@tanstack/react-query';
import type { AverageCompletionReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

/** GET /api/projects/:id/reports/average_task_completion?milestone_id= */
export async function getAverageCompletionReport(
  projectId: string,
  milestoneId: number,
): Promise<AverageCompletionReport> {
  const body = await api.get<{ data: AverageCompletionReport }>(
    `${reportsPath(projectId)}/average_task_completion${reportQuery({ milestone_id: milestoneId })}`,
  );
  return body.data;
}

/** `milestoneId` null: no milestone chosen (or the address names none), so nothing is asked. */
export function useAverageCompletionReport(projectId: string, milestoneId: number | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'averagetaskcompletion', {
      milestone_id: milestoneId ?? undefined,
    }),
    queryFn: () => getAverageCompletionReport(projectId, milestoneId!),
    enabled: milestoneId !== null,
  });
}
