import { ActivityPageQuerySchema, ActivityPageResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import type { ActivityService } from './activity.service.js';

export interface ActivityRoutesOptions {
  activity: ActivityService;
}

const security = [{ accessToken: [], client: [], uid: [] }];

export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (app, { activity }) => {
  app.get(
    '/api/activity',
    {
      schema: {
        tags: ['activity'],
        summary: 'The Home activity feed, newest first',
        security,
        querystring: ActivityPageQuerySchema,
        response: { 200: ActivityPageResponseSchema },
      },
      config: { permission: 'signed_in' },
    },
    async (request) => activity.feed(signedIn(request).user.id, request.query.limit, request.query.cursor),
  );
};
