import {
  TaskProgressReportQuerySchema,
  TaskProgressReportResponseSchema,
  WorkloadReportQuerySchema,
  WorkloadReportResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import { taskProgressReport, workloadReport } from './board-reports.js';

const tags = ['reports'];

/** docs/api-reports.md: the board reports (workload, task progress), readable by whoever sees the project. */
export const boardReportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/projects/:id/reports/workload',
    onId('project.view', {
      tags,
      summary: 'Open tasks, deadlines and expected vs reported hours per member',
      querystring: WorkloadReportQuerySchema,
      response: { 200: WorkloadReportResponseSchema },
    }),
    async (request) => {
      const { project } = projectAccessOf(request);
      const today = dayIn(clock.now(), reportTimeZone(project));
      return { data: await workloadReport(db, project.id, today, request.query) };
    },
  );

  app.get(
    '/api/projects/:id/reports/task_progress',
    onId('project.view', {
      tags,
      summary: "Tasks per column at the end of each day (a board's cumulative flow)",
      querystring: TaskProgressReportQuerySchema,
      response: { 200: TaskProgressReportResponseSchema },
    }),
    async (request) => {
      const { project } = projectAccessOf(request);
      return { data: await taskProgressReport(db, project.id, reportTimeZone(project), request.query) };
    },
  );
};
