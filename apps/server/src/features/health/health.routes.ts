import { ErrorResponseSchema, HealthResponseSchema, PublicConfigSchema } from '@teamboard/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';

export interface HealthRoutesOptions {
  db: Db;
  version: string;
  /** The OpenID Connect provider's name when sign-in with it is configured. */
  signInProvider: string | null;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { db, version, signInProvider },
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
