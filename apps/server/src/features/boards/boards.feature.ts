import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { rememberingLocate, RememberedProjects } from '../../db/remembered-projects.js';
import {
  boardProjects,
  findBoardVersion,
  projectIdOfColumn,
  type StoredFiles,
} from '../../board-content/board-content.js';
import { boardRoutes } from './boards.routes.js';
import { BoardsService } from './boards.service.js';

/** A column never moves to another board (db/remembered-projects.ts). */
const columnProjects = new RememberedProjects();

export async function boardsFeature(app: FastifyInstance, core: AppCore, files: StoredFiles): Promise<void> {
  const { db, clock, realtime } = core;
  app.projectResources.register({
    kind: 'board',
    path: '/api/boards/:id',
    locate: rememberingLocate(db, boardProjects, async (id) => (await findBoardVersion(db, id))?.project_id),
  });
  app.projectResources.register({
    kind: 'column',
    path: '/api/columns/:id',
    locate: rememberingLocate(db, columnProjects, (id) => projectIdOfColumn(db, id)),
  });
  const boards = new BoardsService({ db, clock, attachments: files, realtime });
  const stopHearing = realtime.onBoardEvent((event) => boards.boardChanged(event));
  app.addHook('onClose', async () => stopHearing());
  await app.register(boardRoutes, { boards });
}
