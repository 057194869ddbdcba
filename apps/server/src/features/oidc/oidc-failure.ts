import { AppError } from '../../lib/app-error.js';

/** A refused or failed provider step; `reason` (openid-client's code, never a token) goes to the audit log. */
export class OidcFailure extends AppError {
  constructor(
    code: 'OIDC_SIGN_IN_FAILED' | 'OIDC_PROVIDER_UNAVAILABLE',
    readonly reason: string,
  ) {
    super(code);
  }
}
