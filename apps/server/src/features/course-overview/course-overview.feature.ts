import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { courseOverviewRoutes } from './course-overview.routes.js';

/** The dashboard's Course overview (docs/api-course-overview.md): computed per call, nothing stored. */
export async function courseOverviewFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(courseOverviewRoutes, { db: core.db, clock: core.clock });
}
