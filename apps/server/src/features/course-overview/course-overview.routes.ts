import { CourseOverviewQuerySchema, CourseOverviewResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInRoute } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { signedIn } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { courseOverviewCsv } from './course-overview-csv.js';
import { courseOverview } from './course-overview.service.js';

const tags = ['dashboard'];

/** docs/api-course-overview.md: the dashboard's Course overview tab, for teachers and admins ('staff'). */
export const courseOverviewRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/dashboard/course_overview',
    signedInRoute('staff', {
      tags,
      summary:
        'Every visible team with this week’s health signals and its outliers against the section median',
      querystring: CourseOverviewQuerySchema,
      response: { 200: CourseOverviewResponseSchema },
    }),
    async (request) => ({
      data: await courseOverview(db, clock, signedIn(request).user, request.query),
    }),
  );

  app.get(
    '/api/dashboard/course_overview.csv',
    signedInRoute('staff', {
      tags,
      summary: 'The same rows as a CSV file (UTF-8 with a BOM), headers in the request’s language',
      querystring: CourseOverviewQuerySchema,
    }),
    async (request, reply) => {
      const overview = await courseOverview(db, clock, signedIn(request).user, request.query);
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="course-overview-${day}.csv"`)
        .send(courseOverviewCsv(overview.teams, requestLanguage(request)));
    },
  );
};
