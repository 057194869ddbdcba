import type { FastifyInstance } from 'fastify';
import { locateInProject } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import { labelRoutes } from './labels.routes.js';
import { LabelsService } from './labels.service.js';

export async function labelsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, realtime } = core;
  app.projectResources.register({
    kind: 'label',
    path: '/api/labels/:id',
    locate: locateInProject(core.database, 'labels'),
  });
  await app.register(labelRoutes, { labels: new LabelsService({ db, realtime }) });
}
