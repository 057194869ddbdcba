import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentInvitation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/project_invitations/:id/: withdraws a pending invitation (owners only). */
export async function deleteInvitation(id: number): Promise<void> {
  await api.delete<void>(`/project_invitations/${id}/`);
}

export function useDeleteInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<SentInvitation[]>(queryKeys.sentInvitations(projectId), (invitations) =>
        invitations?.filter((item) => item.id !== id),
      );
    },
  });
}
