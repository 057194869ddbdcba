import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppDatabase } from './db/app-database.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { JobQueue } from './job-queue/job-queue.js';
import type { Mailer } from './lib/mailer.js';
import type { Storage } from './lib/storage.js';
import type { Throttle } from './lib/throttle.js';
import type { Realtime } from './realtime/socket-server.js';

/** The plumbing every feature may be given: built once by buildApp, passed to each feature's wiring. */
export interface AppCore {
  config: Config;
  /** The database object: its one-step writer, change stamps and memories (db/app-database.ts). */
  database: AppDatabase;
  /** `database.db`, the Kysely handle most features need alone. */
  db: Db;
  clock: Clock;
  /** Queues each mail as a job (job-queue/mail-job.ts): sending never holds up a request. */
  mailer: Mailer;
  /** The app's one background job queue (docs/jobs.md). */
  jobs: JobQueue;
  storage: Storage;
  throttle: Throttle;
  realtime: Realtime;
  log: FastifyBaseLogger;
}
