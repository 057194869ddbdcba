import { ID_MAX } from '@teamboard/contract';
import { z } from 'zod';

const ID_PATTERN = /^[1-9]\d{0,15}$/;

/** Digits of a positive integer no row can exceed (ID_MAX: PostgreSQL refuses larger integers). */
function isId(value: string): boolean {
  return ID_PATTERN.test(value) && Number(value) <= ID_MAX;
}

/** A positive integer id in a path; anything else is a 404 NOT_FOUND (docs/api-projects.md). */
export const IdParamSchema = z
  .string()
  .regex(ID_PATTERN, 'NOT_FOUND')
  .refine(isId, 'NOT_FOUND')
  .transform(Number);

/** The same rule for code that reads raw params (the access check runs before validation). */
export function parseId(value: unknown): number | undefined {
  return typeof value === 'string' && isId(value) ? Number(value) : undefined;
}
