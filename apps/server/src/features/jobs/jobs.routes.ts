import { JobRetryResponseSchema, JobsOverviewResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, signedInRoute } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../job-queue/job-queue.js';
import { AppError } from '../../lib/app-error.js';
import { jobsOverview } from './jobs.repository.js';

const tags = ['admin'];

/** The dashboard's Jobs tab (docs/jobs.md): administrators only. */
export const jobsRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue }> = async (app, { db, jobs }) => {
  app.get(
    '/api/admin/jobs',
    signedInRoute('admin', {
      tags,
      summary: 'Background jobs: counts by kind and state, and the latest failed jobs (never their payload)',
      response: { 200: JobsOverviewResponseSchema },
    }),
    async () => ({ data: await jobsOverview(db) }),
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    onId('admin', {
      tags,
      summary: 'Queue a failed job again, from its first attempt',
      response: { 200: JobRetryResponseSchema },
    }),
    async (request) => {
      if (!(await jobs.retry(request.params.id))) throw new AppError('NOT_FOUND');
      return { data: { id: request.params.id, state: 'queued' as const } };
    },
  );
};
