import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { reportRoutes } from './reports.routes.js';

/** Reports (docs/api-reports.md): each computed by one query per call, nothing cached. */
export async function reportsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(reportRoutes, { db: core.db, clock: core.clock });
}
