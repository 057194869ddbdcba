import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** A received invitation (SPEC §3). The contract schema arrives with the invitations issue. */
export interface ReceivedInvitation {
  id: number;
  sender_name: string;
  sender_image: string | null;
  project_name: string;
  project_id: number;
  project_description: string | null;
  date_sent: string;
  role: string;
}

/**
 * GET /api/project_invitations/. Until the server has this endpoint it answers 404,
 * which means "no invitations yet", not a failure worth a toast.
 */
export async function getInvitations(): Promise<ReceivedInvitation[]> {
  try {
    const body = await api.get<ReceivedInvitation[] | { data: ReceivedInvitation[] }>(
      '/project_invitations/',
    );
    return Array.isArray(body) ? body : (body?.data ?? []);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: ['invitations', 'received'],
    queryFn: getInvitations,
    enabled,
    meta: { silent: true },
  });
}
