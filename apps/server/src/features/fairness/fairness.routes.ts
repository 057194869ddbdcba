import { FairnessQuerySchema, FairnessResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { signedIn } from '../../plugins/auth.js';
import { projectFairness } from './fairness.service.js';

/** docs/api-fairness.md: readable by whoever sees the project, like every report. */
export const fairnessRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/api/projects/:id/fairness',
    onId('project.view', {
      tags: ['reports'],
      summary:
        "Each member's share of the team's work, the imbalance index and the flags with their evidence",
      querystring: FairnessQuerySchema,
      response: { 200: FairnessResponseSchema },
    }),
    async (request) => ({
      data: await projectFairness(db, clock, projectAccessOf(request), signedIn(request).user, request.query),
    }),
  );
};
