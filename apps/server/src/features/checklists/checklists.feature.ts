import type { FastifyInstance } from 'fastify';
import { locateThroughTask } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import { checklistRoutes } from './checklists.routes.js';
import { ChecklistsService } from './checklists.service.js';

export async function checklistsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, realtime } = core;
  // docs/spec.md §7 names one checklist item /api/checklist/:id.
  app.projectResources.register({
    kind: 'checklist_item',
    path: '/api/checklist/:id',
    locate: locateThroughTask(core.database, 'checklist_items'),
  });
  await app.register(checklistRoutes, { checklists: new ChecklistsService({ db, clock, realtime }) });
}
