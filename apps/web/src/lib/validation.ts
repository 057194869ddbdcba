import { isErrorCode } from '@teamboard/contract';
import type { z } from 'zod';

/** Field name → error code (the contract schemas use codes as messages). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Validates `values` with a contract schema; returns the parsed data or the first code per field.
 * A message that is not one of our error codes (zod's own wording for a type it did not expect)
 * becomes FIELD_NOT_VALID, so a person always reads a localized sentence, never zod's text.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.infer<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= isErrorCode(issue.message) ? issue.message : 'FIELD_NOT_VALID';
  }
  return { data: null, errors };
}
