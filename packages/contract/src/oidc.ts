import { z } from 'zod';
import { LanguageSchema, UserSchema } from './auth.js';
import { ID_MAX } from './ids.js';

/** The one-time code the server's OIDC callback hands to the web app (docs/api-oidc.md). */
export const OIDC_CODE_MAX_LENGTH = 200;
/** The longest access token `POST /api/google_oauth2/callback` accepts. */
export const OIDC_ACCESS_TOKEN_MAX_LENGTH = 4096;

const oneTimeCode = z.string().min(1, 'OIDC_CODE_NOT_VALID').max(OIDC_CODE_MAX_LENGTH, 'OIDC_CODE_NOT_VALID');

/** POST /api/auth/oidc/exchange: the code from the callback's redirect. */
export const OidcExchangeInputSchema = z.object({ code: oneTimeCode }).strict();
export type OidcExchangeInput = z.infer<typeof OidcExchangeInputSchema>;

/**
 * The exchange's answer: a known account is signed in (`data`, with the session headers as for
 * sign-in); a new person gets `sign_up` (what the provider told about them) and must accept the terms
 * with POST /api/auth/oidc/sign_up before the account exists.
 */
export const OidcExchangeResponseSchema = z.object({
  data: UserSchema.nullable(),
  sign_up: z.object({ email: z.string(), name: z.string() }).nullable(),
});
export type OidcExchangeResponse = z.infer<typeof OidcExchangeResponseSchema>;

/** POST /api/auth/oidc/sign_up: the finish-sign-up step (the same code, the terms accepted). */
export const OidcSignUpInputSchema = z
  .object({
    code: oneTimeCode,
    terms_accepted: z.literal(true, 'TERMS_NOT_ACCEPTED'),
    /** The terms version the screen showed, as for sign-up; the current one when left out. */
    terms_version: z.number().int().positive().max(ID_MAX).optional(),
    language: LanguageSchema.optional(),
  })
  .strict();
export type OidcSignUpInput = z.infer<typeof OidcSignUpInputSchema>;

/**
 * POST /api/google_oauth2/callback (docs/spec.md §7): a SPEC client that signed in with the provider
 * itself sends the provider's access token; `url` (the page it came back to) is accepted and unused.
 * A new person's account is created only with `terms_accepted: true`.
 */
export const GoogleCallbackInputSchema = z
  .object({
    accessToken: z
      .string()
      .min(1, 'OIDC_SIGN_IN_FAILED')
      .max(OIDC_ACCESS_TOKEN_MAX_LENGTH, 'OIDC_SIGN_IN_FAILED'),
    url: z.string().max(2000, 'TEXT_TOO_LONG').optional(),
    terms_accepted: z.literal(true, 'TERMS_NOT_ACCEPTED').optional(),
    language: LanguageSchema.optional(),
  })
  .strict();
export type GoogleCallbackInput = z.infer<typeof GoogleCallbackInputSchema>;
