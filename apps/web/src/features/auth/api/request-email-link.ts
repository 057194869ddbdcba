import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput, MessageResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

export type EmailLinkKind = 'forgot' | 'resend';

/** POST /api/users/forgot or /api/users/resend: both answer the same for any address. */
export function requestEmailLink(kind: EmailLinkKind, input: EmailOnlyInput): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/users/${kind}`, input);
}

export function useRequestEmailLink(kind: EmailLinkKind) {
  return useMutation({ mutationFn: (input: EmailOnlyInput) => requestEmailLink(kind, input) });
}
