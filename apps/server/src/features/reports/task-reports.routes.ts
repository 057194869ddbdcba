import {
  LeadTimeReportQuerySchema,
  LeadTimeReportResponseSchema,
  TasksReportQuerySchema,
  TasksReportResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import { leadTimeReport, tasksReport, type ReportClock } from './task-reports.js';

const tags = ['reports'];

/** docs/api-reports.md: task tracking metrics and lead time, read from the task log. */
export const taskReportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  /** Today and the day boundaries in the project's time zone. */
  const reportClock = (project: { time_zone: string | null }): ReportClock => {
    const timeZone = reportTimeZone(project);
    return { today: dayIn(clock.now(), timeZone), timeZone };
  };

  app.get(
    '/api/projects/:id/reports/tasks',
    onId('project.view', {
      tags,
      summary: 'Tasks created, started, completed, reopened and overdue over a range',
      querystring: TasksReportQuerySchema,
      response: { 200: TasksReportResponseSchema },
    }),
    async (request) => {
      const { project } = projectAccessOf(request);
      return { data: await tasksReport(db, project.id, reportClock(project), request.query) };
    },
  );

  app.get(
    '/api/projects/:id/reports/lead',
    onId('project.view', {
      tags,
      summary: 'Lead and cycle time of the tasks completed in a range',
      querystring: LeadTimeReportQuerySchema,
      response: { 200: LeadTimeReportResponseSchema },
    }),
    async (request) => {
      const { project } = projectAccessOf(request);
      return { data: await leadTimeReport(db, project.id, reportClock(project), request.query) };
    },
  );
};
