import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADD_MEMBER_TIMEOUT_MS, type CreateInvitationInput, type SentInvitation } from '@teamboard/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/projects/:id/invitations, with the 30000 ms add-member time-out (docs/spec.md §9). Sending
 * again to the same address updates the pending invitation (200) instead of adding one (201).
 */
export interface InvitationSent {
  invitation: SentInvitation;
  /** False when a pending invitation to that address was updated (its role, its date). */
  isNew: boolean;
}

export async function createInvitation(
  projectId: string,
  input: CreateInvitationInput,
): Promise<InvitationSent> {
  const response = await apiRequest<{ data: SentInvitation }>(
    `/projects/${encodeURIComponent(projectId)}/invitations`,
    {
      method: 'POST',
      body: input,
      timeoutMs: ADD_MEMBER_TIMEOUT_MS,
    },
  );
  return { invitation: response.data.data, isNew: response.status === 201 };
}

export function useCreateInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => createInvitation(projectId, input),
    onSuccess: ({ invitation }) => {
      queryClient.setQueryData<SentInvitation[]>(queryKeys.sentInvitations(projectId), (invitations) => [
        ...(invitations ?? []).filter((item) => item.id !== invitation.id),
        invitation,
      ]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
