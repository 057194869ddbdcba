import {
  BurnReportQuerySchema,
  BurnReportResponseSchema,
  VelocityReportResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf, type ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import { burnReport, velocityReport } from './milestone-reports.js';

const tags = ['reports'];

/** docs/api-reports.md: the milestone reports (burnup, burndown, velocity), readable by whoever sees the project. */
export const milestoneReportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const contextOf = ({ project }: ProjectAccess) => {
    const timeZone = reportTimeZone(project);
    return { timeZone, today: dayIn(clock.now(), timeZone) };
  };

  // Burnup and burndown answer the same numbers: the screens draw them differently.
  for (const [kind, summary] of [
    ['burnup', "A milestone's scope and completed work per day, with the ideal line"],
    ['burndown', "A milestone's remaining work per day, with the ideal line"],
  ] as const) {
    app.get(
      `/api/projects/:id/reports/${kind}`,
      onId('project.view', {
        tags,
        summary,
        querystring: BurnReportQuerySchema,
        response: { 200: BurnReportResponseSchema },
      }),
      async (request) => {
        const access = projectAccessOf(request);
        return {
          data: await burnReport(db, access.project.id, contextOf(access), request.query.milestone_id),
        };
      },
    );
  }

  app.get(
    '/api/projects/:id/reports/velocity',
    onId('project.view', {
      tags,
      summary: 'Tasks and expected hours completed per sprint, and the mean of the finished ones',
      response: { 200: VelocityReportResponseSchema },
    }),
    async (request) => {
      const access = projectAccessOf(request);
      return { data: await velocityReport(db, access.project.id, contextOf(access)) };
    },
  );
};
