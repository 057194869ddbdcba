import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import type { StoredFiles } from '../../board-content/board-content.js';
import type { ProjectFolders } from '../folders/folders.service.js';
import { projectRoutes } from './projects.routes.js';
import { ProjectsService } from './projects.service.js';

/** Projects are scoped by `/api/projects/:id` itself (access/route-policy.ts); no resource to register. */
export async function projectsFeature(
  app: FastifyInstance,
  core: AppCore,
  needs: { folders: ProjectFolders; files: StoredFiles },
): Promise<ProjectsService> {
  const { db, clock, realtime } = core;
  const projects = new ProjectsService({
    database: core.database,
    db,
    clock,
    realtime,
    folders: needs.folders,
    attachments: needs.files,
  });
  await app.register(projectRoutes, { projects });
  return projects;
}
