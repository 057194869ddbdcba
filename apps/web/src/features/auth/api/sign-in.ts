import { useMutation } from '@tanstack/react-query';
import type { SignInInput, UserResponse } from '@teamboard/contract';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import i18n from '../../../lib/i18n';
import { credentialsFromHeaders, setSession } from '../../../lib/session';

/** POST /api/auth/sign_in: stores the token headers and the user (docs/spec.md §4 Authentication). */
export async function signIn(input: SignInInput): Promise<UserResponse['data']> {
  const response = await apiRequest<UserResponse>('/auth/sign_in', {
    method: 'POST',
    body: input,
    isSignIn: true,
  });
  const credentials = credentialsFromHeaders(response.headers);
  if (credentials === null) throw new ApiError(i18n.t('errors:UNEXPECTED'), response.status, 'UNEXPECTED');
  setSession(credentials, response.data.data);
  return response.data.data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
