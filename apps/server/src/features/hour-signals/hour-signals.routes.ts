import { HourSignalsQuerySchema, HourSignalsResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { projectHourSignals } from './hour-signals.service.js';

/** docs/api-hour-signals.md: staff only — owners, and teachers/admins on a public project. */
export const hourSignalRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/projects/:id/hour_signals',
    onId('hours.review', {
      tags: ['reports'],
      summary:
        'Questions about how hours were logged (bulk, far in the past, quiet days), with the entries behind each',
      querystring: HourSignalsQuerySchema,
      response: { 200: HourSignalsResponseSchema },
    }),
    async (request) => ({
      data: await projectHourSignals(db, clock, projectAccessOf(request), request.query),
    }),
  );
};
