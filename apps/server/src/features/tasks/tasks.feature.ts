import type { FastifyInstance } from 'fastify';
import { locateInProject } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import type { StoredFiles } from '../../board-content/board-content.js';
import { taskRoutes } from './tasks.routes.js';
import { TasksService } from './tasks.service.js';

export async function tasksFeature(app: FastifyInstance, core: AppCore, files: StoredFiles): Promise<void> {
  const { db, clock, realtime } = core;
  app.projectResources.register({
    kind: 'task',
    path: '/api/tasks/:id',
    locate: locateInProject(core.database, 'tasks'),
  });
  await app.register(taskRoutes, {
    tasks: new TasksService({ database: core.database, db, clock, attachments: files, realtime }),
  });
}
