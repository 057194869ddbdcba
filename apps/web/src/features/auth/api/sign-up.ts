import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SignUpInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

/** POST /api/auth: answers 201 whether or not the email was already registered. */
export function signUp(input: SignUpInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
