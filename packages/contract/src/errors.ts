import { z } from 'zod';

/**
 * Stable error codes. Every failure response carries one; its en/es text lives in
 * @teamboard/i18n under `errors.<CODE>`. zod schemas in this package use the codes as
 * their messages, so a validation issue can be localized on either side.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'EMAIL_NOT_VALID',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_CONFIRMATION_MISMATCH',
  'TERMS_NOT_ACCEPTED',
  'CREDENTIALS_INCOMPLETE',
  'NAME_REQUIRED',
  'TEXT_TOO_LONG',
  'SEMESTER_NOT_VALID',
  'LANGUAGE_NOT_VALID',
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_CONFIRMED',
  'ACCOUNT_BLOCKED',
  'CURRENT_PASSWORD_WRONG',
  'TOKEN_INVALID',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'IMAGE_FORMAT_NOT_ALLOWED',
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'REQUEST_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IMAGE_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'REQUEST_TIMEOUT',
  'NAME_RESERVED',
  'ROLE_NOT_VALID',
  'FOLDER_NOT_EMPTY',
  'DEFAULT_FOLDER_LOCKED',
  'MAX_PROJECTS_REACHED',
  'LAST_OWNER',
  'ALREADY_MEMBER',
  'INVITATION_NOT_FOUND',
  'UNEXPECTED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The one failure shape of every endpoint (ARCHITECTURE.md, Errors). */
export const ErrorResponseSchema = z.object({
  errors: z.array(z.string()).min(1),
  code: ErrorCodeSchema,
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** HTTP status that goes with each code when the code alone decides it. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 422,
  EMAIL_NOT_VALID: 422,
  PASSWORD_TOO_SHORT: 422,
  PASSWORD_TOO_LONG: 422,
  PASSWORD_CONFIRMATION_MISMATCH: 422,
  TERMS_NOT_ACCEPTED: 422,
  CREDENTIALS_INCOMPLETE: 422,
  NAME_REQUIRED: 422,
  TEXT_TOO_LONG: 422,
  SEMESTER_NOT_VALID: 422,
  LANGUAGE_NOT_VALID: 422,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_NOT_CONFIRMED: 403,
  ACCOUNT_BLOCKED: 403,
  CURRENT_PASSWORD_WRONG: 422,
  TOKEN_INVALID: 422,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  IMAGE_FORMAT_NOT_ALLOWED: 415,
  FILE_REQUIRED: 422,
  FILE_TOO_LARGE: 413,
  REQUEST_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IMAGE_TOO_LARGE: 422,
  SERVICE_UNAVAILABLE: 503,
  REQUEST_TIMEOUT: 408,
  NAME_RESERVED: 422,
  ROLE_NOT_VALID: 422,
  FOLDER_NOT_EMPTY: 409,
  DEFAULT_FOLDER_LOCKED: 409,
  MAX_PROJECTS_REACHED: 403,
  LAST_OWNER: 409,
  ALREADY_MEMBER: 409,
  INVITATION_NOT_FOUND: 404,
  UNEXPECTED: 500,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
