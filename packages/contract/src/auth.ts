import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  semesterList,
} from './constants.js';
import { ID_MAX } from './ids.js';
import { AccountTypeSchema } from './permissions.js';

// Messages are error codes (see errors.ts); each side localizes them.
const trimmed = (max: number) => z.string().trim().max(max, 'TEXT_TOO_LONG');

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'EMAIL_NOT_VALID')
  .pipe(z.email('EMAIL_NOT_VALID'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'PASSWORD_TOO_SHORT')
  .max(PASSWORD_MAX_LENGTH, 'PASSWORD_TOO_LONG');

export const LanguageSchema = z.enum(LANGUAGES, 'LANGUAGE_NOT_VALID');
export const NameSchema = trimmed(NAME_MAX_LENGTH).min(1, 'NAME_REQUIRED');
export const SemesterSchema = z
  .string()
  .refine((value) => semesterList().includes(value), 'SEMESTER_NOT_VALID');

/** The user as the API returns it (docs/spec.md §3 User, §4 stored user data). */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  account_type: AccountTypeSchema,
  /** null means unlimited. */
  max_projects: z.number().int().nullable(),
  /** URL of the profile photo, or null for the default avatar. */
  image: z.string().nullable(),
  language: LanguageSchema,
  gitname: z.string().nullable(),
  labname: z.string().nullable(),
  slack_id: z.string().nullable(),
  year: z.number().int().nullable(),
  semester: z.string().nullable(),
  section: z.string().nullable(),
  group: z.string().nullable(),
  provider: z.string(),
  watched_tutorial: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ data: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** A neutral acknowledgement that never says whether an email is registered. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** POST /api/auth — sign up. */
export const SignUpInputSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    password_confirmation: z.string(),
    terms_accepted: z.literal(true, 'TERMS_NOT_ACCEPTED'),
    /** The terms version the sign-up screen showed (docs/api-terms.md); the current one when left out. */
    terms_version: z.number().int().positive().max(ID_MAX).optional(),
    language: LanguageSchema.optional(),
  })
  // Strict so server-managed fields (account_type, max_projects…) are refused, never assigned.
  .strict()
  .refine((input) => input.password === input.password_confirmation, {
    message: 'PASSWORD_CONFIRMATION_MISMATCH',
    path: ['password_confirmation'],
  });
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

/** POST /api/auth/sign_in. Emptiness is checked first so it gets the docs/spec.md §5 message. */
export const SignInInputSchema = z.object({
  email: z.string().trim().min(1, 'CREDENTIALS_INCOMPLETE').max(EMAIL_MAX_LENGTH, 'EMAIL_NOT_VALID'),
  password: z.string().min(1, 'CREDENTIALS_INCOMPLETE').max(PASSWORD_MAX_LENGTH, 'PASSWORD_TOO_LONG'),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

/** PUT /api/auth — profile update. Every field optional; password change needs the current one. */
export const UpdateProfileInputSchema = z
  .object({
    name: NameSchema.optional(),
    language: LanguageSchema.optional(),
    gitname: trimmed(SHORT_TEXT_MAX_LENGTH).nullable().optional(),
    labname: trimmed(SHORT_TEXT_MAX_LENGTH).nullable().optional(),
    slack_id: trimmed(SHORT_TEXT_MAX_LENGTH).nullable().optional(),
    year: z.number().int().min(1).max(10).nullable().optional(),
    semester: SemesterSchema.nullable().optional(),
    section: trimmed(SHORT_TEXT_MAX_LENGTH).nullable().optional(),
    group: trimmed(SHORT_TEXT_MAX_LENGTH).nullable().optional(),
    watched_tutorial: z.boolean().optional(),
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    password: PasswordSchema.optional(),
    password_confirmation: z.string().optional(),
  })
  .strict()
  .refine((input) => input.password === undefined || input.password === input.password_confirmation, {
    message: 'PASSWORD_CONFIRMATION_MISMATCH',
    path: ['password_confirmation'],
  });
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

/** POST /api/users/confirm. */
export const ConfirmInputSchema = z.object({
  confirmation_token: z.string().min(1, 'TOKEN_INVALID').max(200, 'TOKEN_INVALID'),
});
export type ConfirmInput = z.infer<typeof ConfirmInputSchema>;

/** POST /api/users/forgot and POST /api/users/resend. */
export const EmailOnlyInputSchema = z.object({ email: EmailSchema });
export type EmailOnlyInput = z.infer<typeof EmailOnlyInputSchema>;

/** POST /api/users/:token/reset — the path carries the emailed reset token. */
export const ResetPasswordInputSchema = z
  .object({ password: PasswordSchema, password_confirmation: z.string() })
  .refine((input) => input.password === input.password_confirmation, {
    message: 'PASSWORD_CONFIRMATION_MISMATCH',
    path: ['password_confirmation'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** Response headers of sign-in, and request headers of every authenticated call (docs/spec.md §7). */
export const AUTH_HEADERS = ['access-token', 'client', 'uid', 'expiry'] as const;
export type AuthHeaders = Record<(typeof AUTH_HEADERS)[number], string>;
