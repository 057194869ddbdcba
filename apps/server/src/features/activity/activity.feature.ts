import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { activityRoutes } from './activity.routes.js';
import { ActivityService } from './activity.service.js';

export async function activityFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(activityRoutes, { activity: new ActivityService({ db: core.db }) });
}
