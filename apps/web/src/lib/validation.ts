import type { z } from 'zod';

/** Field name → error code (the contract schemas use codes as messages). */
export type FieldErrors = Partial<Record<string, string>>;

/** Validates `values` with a contract schema; returns the parsed data or the first code per field. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.infer<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
