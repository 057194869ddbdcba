import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Whether any string of a parsed value (JSON body, query, params), key or value, holds U+0000. */
export function hasNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNulCharacter);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNulCharacter(item));
  return false;
}

/**
 * How JSON bodies are read, on every route:
 * - an empty body is no body: docs/spec.md §7 clients send `Content-Type: application/json` on every
 *   call, `DELETE /api/auth/sign_out` included, and Fastify's own parser would answer 400;
 * - PostgreSQL text cannot hold U+0000: a NUL in a body, query or path value would fail deep inside a
 *   query with a 500, so every route refuses one up front with 400 VALIDATION_FAILED, on both dialects;
 * - otherwise Fastify's own parser (prototype poisoning refused).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      if (hasNulCharacter(value)) return done(new AppError('VALIDATION_FAILED', 400));
      return done(null, value);
    });
  });
  app.addHook('preValidation', async (request) => {
    if (hasNulCharacter(request.query) || hasNulCharacter(request.params))
      throw new AppError('VALIDATION_FAILED', 400);
  });
}
