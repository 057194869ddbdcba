import { z } from 'zod';
import { ID_MAX } from './ids.js';

/** The longest text of one language of a terms version (Markdown). */
export const TERMS_TEXT_MAX_LENGTH = 50_000;

const termsText = z
  .string()
  .max(TERMS_TEXT_MAX_LENGTH, 'TEXT_TOO_LONG')
  .refine((text) => text.trim() !== '', 'TEXT_REQUIRED');

/** A published version of the terms and conditions, in English and Spanish (Markdown). */
export const TermsVersionSchema = z.object({
  /** 1, 2, 3… in order of publication; version 1 is the sign-up text seeded by the migration. */
  version: z.number().int(),
  body_en: z.string(),
  body_es: z.string(),
  published_at: z.string(),
  /** The admin who published it (null for the seeded version 1 or a removed account). */
  published_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TermsVersion = z.infer<typeof TermsVersionSchema>;

/** The draft of the next version (one at most), as the admins left it. */
export const TermsDraftSchema = z.object({
  body_en: z.string(),
  body_es: z.string(),
  updated_at: z.string(),
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TermsDraft = z.infer<typeof TermsDraftSchema>;

/** GET /api/terms/current (public): the version in force, null only before any is published. */
export const CurrentTermsResponseSchema = z.object({ data: TermsVersionSchema.nullable() });
export type CurrentTermsResponse = z.infer<typeof CurrentTermsResponseSchema>;

/** GET /api/terms/versions (admins): every published version, newest first, and the draft. */
export const TermsHistoryResponseSchema = z.object({
  data: z.array(TermsVersionSchema),
  draft: TermsDraftSchema.nullable(),
});
export type TermsHistoryResponse = z.infer<typeof TermsHistoryResponseSchema>;

/** PUT /api/terms/draft (admins): both languages are required. */
export const TermsDraftInputSchema = z.object({ body_en: termsText, body_es: termsText }).strict();
export type TermsDraftInput = z.infer<typeof TermsDraftInputSchema>;

export const TermsDraftResponseSchema = z.object({ data: TermsDraftSchema });
export type TermsDraftResponse = z.infer<typeof TermsDraftResponseSchema>;

/** POST /api/terms/draft/publish answers the new version. */
export const TermsVersionResponseSchema = z.object({ data: TermsVersionSchema });
export type TermsVersionResponse = z.infer<typeof TermsVersionResponseSchema>;

/** The caller's standing with the terms: `required` until they accept the current version. */
export const TermsAcceptanceSchema = z.object({
  current_version: z.number().int().nullable(),
  accepted_version: z.number().int(),
  accepted_at: z.string().nullable(),
  required: z.boolean(),
});
export type TermsAcceptance = z.infer<typeof TermsAcceptanceSchema>;

export const TermsAcceptanceResponseSchema = z.object({ data: TermsAcceptanceSchema });
export type TermsAcceptanceResponse = z.infer<typeof TermsAcceptanceResponseSchema>;

/** POST /api/terms/acceptance: the version the person read (409 when a newer one was published since). */
export const AcceptTermsInputSchema = z
  .object({
    version: z
      .number('NUMBER_NOT_VALID')
      .int('NUMBER_NOT_VALID')
      .positive('NUMBER_NOT_VALID')
      .max(ID_MAX, 'NUMBER_NOT_VALID'),
  })
  .strict();
export type AcceptTermsInput = z.infer<typeof AcceptTermsInputSchema>;
