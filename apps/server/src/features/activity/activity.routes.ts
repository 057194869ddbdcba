import { signedInRoute } from '../../access/access.js';
import { ActivityPageQuerySchema, ActivityPageResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import type { ActivityService } from './activity.service.js';

export interface ActivityRoutesOptions {
  activity: ActivityService;
}

export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (app, { activity }) => {
  app.get(
    '/api/activity',
    signedInRoute('signed_in', {
      tags: ['activity'],
      summary: 'The Home activity feed, newest first',
      querystring: ActivityPageQuerySchema,
      response: { 200: ActivityPageResponseSchema },
    }),
    async (request) => activity.feed(signedIn(request).user.id, request.query.limit, request.query.cursor),
  );
};
