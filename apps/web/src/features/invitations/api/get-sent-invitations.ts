import { useQuery } from '@tanstack/react-query';
import type { SentInvitation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects/:id/invitations: the project's pending invitations (owners only). */
export async function getSentInvitations(projectId: string): Promise<SentInvitation[]> {
  const body = await api.get<{ data: SentInvitation[] }>(
    `/projects/${encodeURIComponent(projectId)}/invitations`,
  );
  return body.data;
}

export function useSentInvitations(projectId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.sentInvitations(projectId),
    queryFn: () => getSentInvitations(projectId),
    enabled,
  });
}
