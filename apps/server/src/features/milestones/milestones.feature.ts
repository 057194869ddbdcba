import type { FastifyInstance } from 'fastify';
import { locateInProject } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import { milestoneRoutes } from './milestones.routes.js';
import { MilestonesService } from './milestones.service.js';

export async function milestonesFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock } = core;
  app.projectResources.register({
    kind: 'milestone',
    path: '/api/milestones/:id',
    locate: locateInProject(core.database, 'milestones'),
  });
  await app.register(milestoneRoutes, { milestones: new MilestonesService({ db, clock }) });
}
