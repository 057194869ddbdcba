import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { fairnessRoutes } from './fairness.routes.js';

/** Contribution fairness per team (docs/api-fairness.md): computed per call, nothing stored. */
export async function fairnessFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(fairnessRoutes, { db: core.db, clock: core.clock });
}
