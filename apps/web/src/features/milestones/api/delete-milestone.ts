import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Milestone } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { snapshotKeys } from './get-milestone-snapshots';

/** DELETE /api/milestones/:id: one with tasks answers 409 MILESTONE_NOT_DELETABLE (the toast). */
export async function deleteMilestone(id: number): Promise<void> {
  await api.delete<void>(`/milestones/${id}`);
}

export function useDeleteMilestone(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMilestone,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Milestone[]>(queryKeys.milestones(projectId), (list) =>
        list?.filter((item) => item.milestone_id !== id),
      );
      // Its snapshots stay, now listed under the deleted milestones.
      void queryClient.invalidateQueries({ queryKey: snapshotKeys.ofProject(projectId) });
    },
  });
}
