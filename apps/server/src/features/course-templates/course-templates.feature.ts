import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import type { ProjectFolders } from '../folders/folders.service.js';
import { courseTemplateRoutes } from './course-templates.routes.js';
import { CourseTemplatesService } from './course-templates.service.js';
import { RosterImportService } from './roster-import.js';

/**
 * Course templates and roster import (docs/api-course-templates.md). Not project resources: no
 * `:id` is registered; a template is its owner's (or any admin's).
 */
export async function courseTemplatesFeature(
  app: FastifyInstance,
  core: AppCore,
  needs: { folders: Pick<ProjectFolders, 'defaultFolder'> },
): Promise<void> {
  const { db, clock, mailer, realtime, config } = core;
  const templates = new CourseTemplatesService({ database: core.database, db, clock });
  const rosters = new RosterImportService({
    database: core.database,
    db,
    clock,
    mailer,
    realtime,
    appUrl: config.appUrl,
    folders: needs.folders,
    templates,
  });
  await app.register(courseTemplateRoutes, { templates, rosters });
}
