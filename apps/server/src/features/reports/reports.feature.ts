import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { boardReportRoutes } from './board-reports.routes.js';
import { milestoneReportRoutes } from './milestone-reports.routes.js';
import { planReportRoutes } from './plan-reports.routes.js';
import { reportRoutes } from './reports.routes.js';
import { taskReportRoutes } from './task-reports.routes.js';

/** Reports (docs/api-reports.md): each computed by one query per call, nothing cached. */
export async function reportsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  await app.register(reportRoutes, { db: core.db, clock: core.clock });
  await app.register(boardReportRoutes, { db: core.db, clock: core.clock });
  await app.register(taskReportRoutes, { db: core.db, clock: core.clock });
  await app.register(planReportRoutes, { db: core.db, clock: core.clock });
  await app.register(milestoneReportRoutes, { db: core.db, clock: core.clock });
}
