import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMilestoneInput, Milestone } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/projects/:id/milestones */
export async function createMilestone(projectId: string, input: CreateMilestoneInput): Promise<Milestone> {
  const body = await api.post<{ data: Milestone }>(
    `/projects/${encodeURIComponent(projectId)}/milestones`,
    input,
  );
  return body.data;
}

export function useCreateMilestone(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMilestoneInput) => createMilestone(projectId, input),
    onSuccess: (milestone) => {
      queryClient.setQueryData<Milestone[]>(queryKeys.milestones(projectId), (list) => [
        ...(list ?? []),
        milestone,
      ]);
    },
  });
}
