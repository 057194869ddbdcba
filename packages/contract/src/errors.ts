import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The one failure shape of every endpoint (docs/architecture.md, Errors). */
export const ErrorResponseSchema = z.object({
  errors: z.array(z.string()).min(1),
  code: ErrorCodeSchema,
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
