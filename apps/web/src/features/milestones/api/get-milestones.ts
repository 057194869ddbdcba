import { useQuery } from '@tanstack/react-query';
import type { Milestone } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects/:id/milestones */
export async function getMilestones(projectId: string): Promise<Milestone[]> {
  const body = await api.get<{ data: Milestone[] }>(`/projects/${encodeURIComponent(projectId)}/milestones`);
  return body.data;
}

export function useMilestones(projectId: string) {
  return useQuery({ queryKey: queryKeys.milestones(projectId), queryFn: () => getMilestones(projectId) });
}
