import {
  CommitsReportQuerySchema,
  CommitsReportResponseSchema,
  HoursReportQuerySchema,
  HoursReportResponseSchema,
  PullRequestsReportQuerySchema,
  PullRequestsReportResponseSchema,
  ReportRangeQuerySchema,
  UsersHoursReportResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import { commitsReport, pullRequestsReport } from './code-reports.js';
import { hoursReport, usersHoursReport } from './hours-reports.js';

const tags = ['reports'];

/** docs/api-reports.md: one call per report, readable by whoever sees the project. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/api/projects/:id/reports/hours',
    onId('project.view', {
      tags,
      summary: 'Hours per day, week, month or year and member',
      querystring: HoursReportQuerySchema,
      response: { 200: HoursReportResponseSchema },
    }),
    async (request) => ({ data: await hoursReport(db, projectAccessOf(request).project.id, request.query) }),
  );

  app.get(
    '/api/projects/:id/reports/users_hours',
    onId('project.view', {
      tags,
      summary: "Each member's hours and share",
      querystring: ReportRangeQuerySchema,
      response: { 200: UsersHoursReportResponseSchema },
    }),
    async (request) => ({
      data: await usersHoursReport(db, projectAccessOf(request).project.id, request.query),
    }),
  );

  app.get(
    '/api/projects/:id/reports/commits',
    onId('project.view', {
      tags,
      summary: 'Commits per day and member, and the share linked to tasks',
      querystring: CommitsReportQuerySchema,
      response: { 200: CommitsReportResponseSchema },
    }),
    async (request) => {
      const { project } = projectAccessOf(request);
      return { data: await commitsReport(db, project.id, reportTimeZone(project), request.query) };
    },
  );

  app.get(
    '/api/projects/:id/reports/pull_requests',
    onId('project.view', {
      tags,
      summary: 'Pull requests per week, time to merge and reviews per reviewer',
      querystring: PullRequestsReportQuerySchema,
      response: { 200: PullRequestsReportResponseSchema },
    }),
    async (request) => {
      const { project } = projectAccessOf(request);
      const timeZone = reportTimeZone(project);
      const today = dayIn(clock.now(), timeZone);
      return { data: await pullRequestsReport(db, project.id, { today, timeZone }, request.query) };
    },
  );
};
