import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceivedInvitation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/project_invitations/:id/reject_invitation: the invitation is removed. */
export function rejectInvitation(id: number): Promise<{ message?: string }> {
  return api.post<{ message?: string }>(`/project_invitations/${id}/reject_invitation`);
}

export function useRejectInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInvitation,
    onSuccess: (_response, id) => {
      queryClient.setQueryData<ReceivedInvitation[]>(queryKeys.receivedInvitations, (invitations) =>
        invitations?.filter((invitation) => invitation.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.receivedInvitations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
