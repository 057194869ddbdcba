import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentInvitation, UpdateInvitationInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/project_invitations/:id/: the role of a pending invitation (owners only). */
export async function updateInvitation(id: number, input: UpdateInvitationInput): Promise<SentInvitation> {
  const body = await api.put<{ data: SentInvitation }>(`/project_invitations/${id}/`, input);
  return body.data;
}

export function useUpdateInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateInvitationInput }) => updateInvitation(id, input),
    onSuccess: (invitation) => {
      queryClient.setQueryData<SentInvitation[]>(queryKeys.sentInvitations(projectId), (invitations) =>
        invitations?.map((item) => (item.id === invitation.id ? invitation : item)),
      );
    },
  });
}
