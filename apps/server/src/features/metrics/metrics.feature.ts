import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { metricsRoutes } from './metrics.routes.js';
import { ActivityRecorder, MetricsService } from './metrics.service.js';

/**
 * Records each signed-in user's active days (docs/api-metrics.md). Registered before the routes
 * (root hooks reach only the routes registered after them) and after authentication and the terms
 * gate, so only calls a signed-in user was allowed to make count.
 */
export function registerActivityRecording(
  app: FastifyInstance,
  core: Pick<AppCore, 'db' | 'clock' | 'log'>,
): void {
  const recorder = new ActivityRecorder(core);
  app.addHook('onRequest', async (request) => {
    if (request.user) await recorder.record(request.user.id);
  });
}

/** The dashboard's Metrics tab (docs/api-metrics.md). Not project resources: no `:id` is registered. */
export async function metricsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(metricsRoutes, { metrics: new MetricsService({ db: core.db, clock: core.clock }) });
}
