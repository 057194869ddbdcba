import type { FastifyInstance } from 'fastify';
import { locateThroughTask } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import { hourRoutes } from './hours.routes.js';
import { HoursService } from './hours.service.js';

export async function hoursFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, realtime } = core;
  app.projectResources.register({
    kind: 'hour',
    path: '/api/hours/:id',
    locate: locateThroughTask(core.database, 'hours'),
  });
  await app.register(hourRoutes, {
    hours: new HoursService({ database: core.database, db, clock, realtime }),
  });
}
