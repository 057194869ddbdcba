import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { JobQueue } from './job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one background job queue (tests run due jobs with `jobs.drain()`). */
    jobs: JobQueue;
  }
}

/**
 * The app's job queue: its worker starts when the app is ready and stops before it closes (after
 * the job it is running, before the mailer and the database close).
 */
export function createAppJobQueue(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; pollMs: number },
): JobQueue {
  const jobs = new JobQueue({ ...deps, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  return jobs;
}
