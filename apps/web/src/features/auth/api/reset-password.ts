import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

/** POST /api/users/:token/reset with the emailed token. */
export function resetPassword(token: string, input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/users/${encodeURIComponent(token)}/reset`, input);
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (input: ResetPasswordInput) => resetPassword(token, input) });
}
