import { useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

/** POST /api/users/confirm. A query (not a mutation) so the single-use token is posted once. */
export function useConfirmAccount(token: string | null) {
  return useQuery({
    queryKey: ['confirm-account', token],
    queryFn: () => api.post<UserResponse>('/users/confirm', { confirmation_token: token }),
    enabled: token !== null && token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  });
}
