import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { rememberingLocate } from '../../db/remembered-projects.js';
import {
  boardProjects,
  findBoardVersion,
  projectIdOfColumn,
  type StoredFiles,
} from '../../board-content/board-content.js';
import { boardRoutes } from './boards.routes.js';
import { BoardsService } from './boards.service.js';

export async function boardsFeature(app: FastifyInstance, core: AppCore, files: StoredFiles): Promise<void> {
  const { database, db, clock, realtime } = core;
  app.projectResources.register({
    kind: 'board',
    path: '/api/boards/:id',
    locate: rememberingLocate(
      db,
      boardProjects(database),
      async (id) => (await findBoardVersion(db, id))?.project_id,
    ),
  });
  app.projectResources.register({
    kind: 'column',
    path: '/api/columns/:id',
    // A column never moves to another board (db/remembered-projects.ts).
    locate: rememberingLocate(db, database.rememberedProjects('columns'), (id) => projectIdOfColumn(db, id)),
  });
  const boards = new BoardsService({ database, db, clock, attachments: files, realtime });
  const stopHearing = realtime.onBoardEvent((event) => boards.boardChanged(event));
  app.addHook('onClose', async () => stopHearing());
  await app.register(boardRoutes, { boards });
}
