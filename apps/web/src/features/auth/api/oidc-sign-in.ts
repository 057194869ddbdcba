import { useMutation } from '@tanstack/react-query';
import type { OidcExchangeResponse, OidcSignUpInput, User, UserResponse } from '@teamboard/contract';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import i18n from '../../../lib/i18n';
import { credentialsFromHeaders, setSession } from '../../../lib/session';

/** Where the login button sends the browser (a navigation, not a fetch): the provider comes next. */
export const OIDC_AUTHORIZE_URL = '/api/auth/oidc/authorize';

/** Stores the session of a sign-in answer, as password sign-in does. */
function storeSession(headers: Headers, status: number, user: User): User {
  const credentials = credentialsFromHeaders(headers);
  if (credentials === null) throw new ApiError(i18n.t('errors:UNEXPECTED'), status, 'UNEXPECTED');
  setSession(credentials, user);
  return user;
}

export type OidcExchangeResult = { user: User } | { signUp: { email: string; name: string } };

/**
 * POST /api/auth/oidc/exchange: the one-time code the server's callback left in the URL fragment.
 * A known account is signed in; a new person goes on to the finish-sign-up step.
 */
export async function exchangeOidcCode(code: string): Promise<OidcExchangeResult> {
  const response = await apiRequest<OidcExchangeResponse>('/auth/oidc/exchange', {
    method: 'POST',
    body: { code },
    isSignIn: true,
  });
  const { data, sign_up } = response.data;
  if (data) return { user: storeSession(response.headers, response.status, data) };
  if (sign_up) return { signUp: sign_up };
  throw new ApiError(i18n.t('errors:UNEXPECTED'), response.status, 'UNEXPECTED');
}

/** POST /api/auth/oidc/sign_up: the terms accepted, the account is created and signed in. */
export async function finishOidcSignUp(input: OidcSignUpInput): Promise<User> {
  const response = await apiRequest<UserResponse>('/auth/oidc/sign_up', {
    method: 'POST',
    body: input,
    isSignIn: true,
  });
  return storeSession(response.headers, response.status, response.data.data);
}

export function useFinishOidcSignUp() {
  return useMutation({ mutationFn: finishOidcSignUp });
}
