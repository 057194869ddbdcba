import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Milestone, UpdateMilestoneInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/milestones/:id: the merged dates are checked again on the server. */
export async function updateMilestone(id: number, input: UpdateMilestoneInput): Promise<Milestone> {
  const body = await api.put<{ data: Milestone }>(`/milestones/${id}`, input);
  return body.data;
}

export function useUpdateMilestone(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateMilestoneInput }) => updateMilestone(id, input),
    onSuccess: (milestone) => {
      queryClient.setQueryData<Milestone[]>(queryKeys.milestones(projectId), (list) =>
        list?.map((item) => (item.milestone_id === milestone.milestone_id ? milestone : item)),
      );
    },
  });
}
