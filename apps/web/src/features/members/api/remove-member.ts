import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/projects/:id/members/:user_id: 409 LAST_OWNER for the last owner. */
export async function removeMember(projectId: string, userId: number): Promise<void> {
  await api.delete<void>(`/projects/${encodeURIComponent(projectId)}/members/${userId}`);
}

export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(projectId, userId),
    onSuccess: (_result, userId) => {
      queryClient.setQueryData<Member[]>(queryKeys.members(projectId), (members) =>
        members?.filter((item) => item.id !== userId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
