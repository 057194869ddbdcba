import {
  AverageCompletionReportResponseSchema,
  HoursVariationReportResponseSchema,
  MilestoneReportQuerySchema,
  TimelineReportQuerySchema,
  TimelineReportResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { averageCompletionReport } from './average-completion-report.js';
import { hoursVariationReport } from './hours-variation-report.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import { timelineReport } from './timeline-report.js';

const tags = ['reports'];

/**
 * docs/api-reports.md: the plan reports (timeline, average task completion, estimated hours
 * variation), readable by whoever sees the project.
 */
export const planReportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/projects/:id/reports/timeline',
    onId('project.view', {
      tags,
      summary: 'Tasks and milestones by starting date and deadline (gantt), grouped by milestone',
      querystring: TimelineReportQuerySchema,
      response: { 200: TimelineReportResponseSchema },
    }),
    async (request) => {
      const { project } = projectAccessOf(request);
      const timeZone = reportTimeZone(project);
      const today = dayIn(clock.now(), timeZone);
      return { data: await timelineReport(db, project.id, { today, timeZone }, request.query) };
    },
  );

  app.get(
    '/api/projects/:id/reports/average_task_completion',
    onId('project.view', {
      tags,
      summary: "Completion, time to complete and checklist progress of a milestone's tasks, per member",
      querystring: MilestoneReportQuerySchema,
      response: { 200: AverageCompletionReportResponseSchema },
    }),
    async (request) => ({
      data: await averageCompletionReport(
        db,
        projectAccessOf(request).project.id,
        request.query.milestone_id,
      ),
    }),
  );

  app.get(
    '/api/projects/:id/reports/estimated_hours_variation',
    onId('project.view', {
      tags,
      summary: "Expected vs reported hours of a milestone's tasks, per task and per member",
      querystring: MilestoneReportQuerySchema,
      response: { 200: HoursVariationReportResponseSchema },
    }),
    async (request) => ({
      data: await hoursVariationReport(db, projectAccessOf(request).project.id, request.query.milestone_id),
    }),
  );
};
