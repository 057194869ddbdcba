import { useQuery } from '@tanstack/react-query';
import type { ReceivedInvitation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The `invitations.changed` user event refreshes the bell at once; this slow poll (and focus) only
 * covers a socket that could not connect.
 */
export const INVITATIONS_REFETCH_MS = 300_000;

/**
 * GET /api/project_invitations/: pending invitations to the caller's address. A 404 (a server
 * without the endpoint) means "no invitations", not a failure worth a toast.
 */
export async function getInvitations(): Promise<ReceivedInvitation[]> {
  try {
    const body = await api.get<{ data: ReceivedInvitation[] }>('/project_invitations/');
    return body?.data ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.receivedInvitations,
    queryFn: getInvitations,
    enabled,
    refetchOnWindowFocus: true,
    refetchInterval: INVITATIONS_REFETCH_MS,
    meta: { silent: true },
  });
}
