import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { CLEANUP_EVERY_MS, CLEANUP_JOB, cleanUp } from './cleanup.js';
import { jobsRoutes } from './jobs.routes.js';

/**
 * The app-wide background jobs that belong to no other feature (docs/jobs.md): the hourly cleanup,
 * and the dashboard's Jobs tab. Mail jobs are wired with the mailer (job-queue/mail-job.ts).
 */
export async function jobsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, storage, config, jobs, log } = core;
  jobs.every(CLEANUP_JOB, CLEANUP_EVERY_MS, async () => {
    const counts = await cleanUp({ db, clock, storage, filesDir: config.filesDir });
    log.info({ job: CLEANUP_JOB, ...counts }, 'expired rows and orphaned files deleted');
  });
  await app.register(jobsRoutes, { db, jobs });
}
