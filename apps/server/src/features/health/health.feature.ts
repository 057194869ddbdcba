import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { VERSION } from '../../version.js';
import { healthRoutes } from './health.routes.js';

export async function healthFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(healthRoutes, {
    db: core.db,
    version: VERSION,
    signInProvider: core.config.oidc?.providerName ?? null,
  });
}
