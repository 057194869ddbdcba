import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { folderRoutes } from './folders.routes.js';
import { FoldersService } from './folders.service.js';

/** The caller's own folders; projects and invitations file into them through the service. */
export async function foldersFeature(app: FastifyInstance, core: AppCore): Promise<FoldersService> {
  const folders = new FoldersService({ db: core.db, clock: core.clock });
  await app.register(folderRoutes, { folders });
  return folders;
}
