import { isErrorCode } from '@teamboard/contract';
import type { z } from 'zod';

/** Field (or dotted path) → error code (the contract schemas use codes as messages). */
export type FieldErrors = Partial<Record<string, string>>;

/** Where a form shows an issue: the key its message is filed under. `_` is the form as a whole. */
export type IssueKey = (path: readonly PropertyKey[]) => string;

/** The top-level field: a form with one input per field (`items.2.name` is filed under `items`). */
export const topField: IssueKey = (path) => String(path[0] ?? '_');

/** The whole dotted path, for forms with an input per nested value (`boards.0.columns.1.name`). */
export const fullPath: IssueKey = (path) => (path.length === 0 ? '_' : path.map(String).join('.'));

/**
 * Validates `values` with a contract schema; returns the parsed data or the first code per key
 * (`keyOf`: the top-level field unless the form shows nested values). A message that is not one of
 * our error codes (zod's own wording for a type it did not expect) becomes FIELD_NOT_VALID, so a
 * person always reads a localized sentence, never zod's text.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  keyOf: IssueKey = topField,
): { data: z.infer<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    errors[keyOf(issue.path)] ??= isErrorCode(issue.message) ? issue.message : 'FIELD_NOT_VALID';
  }
  return { data: null, errors };
}
