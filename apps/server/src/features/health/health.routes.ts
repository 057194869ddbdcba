import {
  ErrorResponseSchema,
  HealthResponseSchema,
  LivenessResponseSchema,
  PublicConfigSchema,
  ReadinessFailureSchema,
  ReadinessResponseSchema,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { requestLanguage } from '../../plugins/language.js';
import { checkReadiness, isReady, type ReadinessProbes } from './readiness.js';

export interface HealthRoutesOptions {
  db: Db;
  version: string;
  /** The OpenID Connect provider's name when sign-in with it is configured. */
  signInProvider: string | null;
  /** What /api/health/ready asks (the database, Redis when configured, the file storage). */
  readiness: ReadinessProbes;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { db, version, signInProvider, readiness },
) => {
  app.get(
    '/api/health',
    {
      schema: { tags: ['health'], response: { 200: HealthResponseSchema, 503: ErrorResponseSchema } },
      config: { permission: 'public' },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { status: 'ok' as const, database: 'ok' as const, version };
    },
  );

  // Liveness: the process answers requests. Nothing it depends on is asked, so a database outage
  // does not get every instance restarted (docs/observability.md).
  app.get(
    '/api/health/live',
    {
      schema: { tags: ['health'], response: { 200: LivenessResponseSchema } },
      config: { permission: 'public' },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: this instance can serve traffic — each dependency's state, 503 when one failed.
  app.get(
    '/api/health/ready',
    {
      schema: { tags: ['health'], response: { 200: ReadinessResponseSchema, 503: ReadinessFailureSchema } },
      config: { permission: 'public' },
    },
    async (request, reply) => {
      const checks = await checkReadiness(readiness, (dependency, error) =>
        request.log.error({ err: error, dependency }, 'readiness check failed'),
      );
      if (isReady(checks)) return { status: 'ok' as const, checks };
      return reply.code(503).send({
        errors: [translate(requestLanguage(request), 'errors:SERVICE_UNAVAILABLE')],
        code: 'SERVICE_UNAVAILABLE' as const,
        checks,
      });
    },
  );

  app.get(
    '/api/config',
    { schema: { tags: ['health'], response: { 200: PublicConfigSchema } }, config: { permission: 'public' } },
    async () => ({
      google_sign_in: signInProvider !== null,
      sign_in_provider: signInProvider,
      version,
    }),
  );
};
