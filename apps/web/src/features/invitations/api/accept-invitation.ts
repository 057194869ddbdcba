import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationInput, Project, ReceivedInvitation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/project_invitations/:id/accept_invitation into one of the caller's folders. */
export function acceptInvitation(
  id: number,
  input: AcceptInvitationInput,
): Promise<{ data: Project; message: string }> {
  return api.post<{ data: Project; message: string }>(`/project_invitations/${id}/accept_invitation`, input);
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: AcceptInvitationInput }) => acceptInvitation(id, input),
    onSuccess: (_response, { id }) => {
      queryClient.setQueryData<ReceivedInvitation[]>(queryKeys.receivedInvitations, (invitations) =>
        invitations?.filter((invitation) => invitation.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.receivedInvitations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
