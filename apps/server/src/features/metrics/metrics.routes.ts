import { MetricsQuerySchema, MetricsResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInRoute } from '../../access/access.js';
import type { MetricsService } from './metrics.service.js';

const tags = ['dashboard'];

/** docs/api-metrics.md: the dashboard's Metrics tab, for teachers and admins ('staff'). */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: MetricsService }> = async (app, { metrics }) => {
  app.get(
    '/api/dashboard/metrics',
    signedInRoute('staff', {
      tags,
      summary: 'Usage metrics over a range of days (at most a year), per day or per week',
      querystring: MetricsQuerySchema,
      response: { 200: MetricsResponseSchema },
    }),
    async (request) => ({ data: await metrics.metrics(request.query) }),
  );
};
