import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { hourSignalRoutes } from './hour-signals.routes.js';

/** Hour-log integrity questions for staff (docs/api-hour-signals.md): computed per call, nothing stored. */
export async function hourSignalsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(hourSignalRoutes, { db: core.db, clock: core.clock });
}
