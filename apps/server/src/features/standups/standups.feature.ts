import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { standupRoutes } from './standups.routes.js';
import { StandupsService } from './standups.service.js';

/** Stand-up reports (docs/api-standups.md). */
export async function standupsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock } = core;
  const standups = new StandupsService({ db, clock });
  app.projectResources.register({
    kind: 'standup',
    path: '/api/standups/:id',
    async locate(id) {
      const row = await standups.find(id);
      return row && { projectId: row.project_id, row };
    },
  });
  await app.register(standupRoutes, { standups });
}
