import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppCore } from '../../app-core.js';
import { VERSION } from '../../version.js';
import { healthRoutes } from './health.routes.js';

export async function healthFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(healthRoutes, {
    db: core.db,
    version: VERSION,
    signInProvider: core.config.oidc?.providerName ?? null,
    readiness: {
      database: async () => {
        await sql`select 1`.execute(core.db);
      },
      redis: core.realtime.pingRedis,
      storage: () => core.storage.check(),
    },
  });
}
