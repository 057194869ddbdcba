import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { projectIdOfBoard, projectIdOfColumn, type StoredFiles } from '../../board-content/board-content.js';
import { boardRoutes } from './boards.routes.js';
import { BoardsService } from './boards.service.js';

export async function boardsFeature(app: FastifyInstance, core: AppCore, files: StoredFiles): Promise<void> {
  const { db, clock, realtime } = core;
  const inProject = (projectId: number | undefined) => (projectId === undefined ? undefined : { projectId });
  app.projectResources.register({
    kind: 'board',
    path: '/api/boards/:id',
    locate: async (id) => inProject(await projectIdOfBoard(db, id)),
  });
  app.projectResources.register({
    kind: 'column',
    path: '/api/columns/:id',
    locate: async (id) => inProject(await projectIdOfColumn(db, id)),
  });
  await app.register(boardRoutes, { boards: new BoardsService({ db, clock, attachments: files, realtime }) });
}
