import type { FastifyInstance } from 'fastify';
import { SelectQueryNode, type KyselyPlugin } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { AppDatabase } from '../../src/db/app-database.js';
import type { Db } from '../../src/db/database.js';
import type { ChangeStamps } from '../../src/lib/change-stamps.js';
import { MAIL_JOB } from '../../src/job-queue/mail-job.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { MailTransport } from '../../src/lib/mailer.js';
import type { LogStream } from '../../src/logger.js';
import { MemoryThrottle, type Throttle } from '../../src/lib/throttle.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { MemoryMailer } from './mailbox.js';

export const TEST_APP_URL = 'https://teamboard.example.edu';

/**
 * Tests write rows directly (a blocked account, a member added, a limit changed) where the app
 * announces each change itself (src/lib/change-stamps.ts): any statement but a select made through
 * `t.db` makes the app's memories forget everything, as if the app had made the change.
 */
function forgetOnWrite(stamps: ChangeStamps): KyselyPlugin {
  return {
    transformQuery: (args) => {
      if (!SelectQueryNode.is(args.node)) stamps.forgetEverything();
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use the mailer the config selects (SMTP_URL or the outbox) instead of the in-memory one. */
  useConfiguredMailer?: boolean;
  logStream?: LogStream;
  /** Runs before the app is ready, e.g. to add a test-only route. */
  beforeReady?: (app: FastifyInstance) => void;
  /**
   * Wraps the Kysely handle the app uses (e.g. with a query-counting plugin); tests keep the plain
   * one. The app keeps its one-step writer: the one-step writes compile through the wrapped handle.
   */
  wrapDb?: (db: Db) => Db;
  /**
   * false: the app has no one-step writer, every write takes its ordinary transaction (the reference
   * path, db/one-step.ts). Default true, as createDatabase makes it.
   */
  oneStep?: boolean;
  /**
   * Another test app's database (`database` of its TestApp): a second instance of one deployment.
   * That app drops it; close this one first.
   */
  sharedDatabase?: TestDatabase;
  /** Counters of the test's own (e.g. a Redis throttle whose Redis is gone). */
  throttle?: Throttle;
  /**
   * false: mail stays queued until the test drains it (`app.jobs.drain()`). By default the mail a
   * request queued is sent before its answer, so a test reads it right after the call.
   */
  sendMailBeforeAnswering?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: ManualClock;
  mail: MemoryMailer;
  dataDir: string;
  database: TestDatabase;
  /** The app's database object: its change stamps and memories, its one-step writer or none. */
  appDatabase: AppDatabase;
  /** The app's counters: the test's own, or the in-process ones (none here when REDIS_URL is set). */
  throttle?: Throttle;
  close(): Promise<void>;
}

/** The real app on a freshly migrated database, with a manual clock and an in-memory mailbox. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-data-'));
  const database = options.sharedDatabase ?? (await createTestDatabase());
  const dropDatabase = () => (options.sharedDatabase ? Promise.resolve() : database.drop());
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      APP_URL: TEST_APP_URL,
      SECRET_KEY: 'test-secret-key-0123456789abcdef-0123456789',
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      // Background jobs run when a test drains them (app.jobs.drain()), never behind its back.
      JOBS_POLL_MS: '0',
      ...options.env,
    }),
    database: database.config,
  };
  const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
  const mail = new MemoryMailer();
  const mailer: MailTransport | undefined = options.useConfiguredMailer ? undefined : mail;
  // What buildApp would make without REDIS_URL, made here so a test can set a count up directly.
  const throttle = options.throttle ?? (config.redisUrl ? undefined : new MemoryThrottle(clock));
  const appDatabase = appDatabaseFor(database, options);
  const app = await buildApp({
    config,
    database: appDatabase,
    clock,
    logStream: options.logStream,
    ...(mailer ? { mailer } : {}),
    ...(throttle ? { throttle } : {}),
  });
  if (options.sendMailBeforeAnswering !== false) {
    // Only an answer whose request queued mail runs the queue: tests that count queries see none.
    let mailQueued = false;
    const enqueue = app.jobs.enqueue.bind(app.jobs);
    app.jobs.enqueue = async (kind, key, enqueueOptions) => {
      await enqueue(kind, key, enqueueOptions);
      if (kind === MAIL_JOB) mailQueued = true;
    };
    app.addHook('onSend', async () => {
      if (!mailQueued) return;
      mailQueued = false;
      // A test that takes the database away (health checks) still gets the app's own answer; a
      // mail left unsent by that shows in the test's own mail assertions.
      await app.jobs.drain({ kinds: [MAIL_JOB] }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'test app: could not send the queued mail before answering');
      });
    });
  }
  options.beforeReady?.(app);
  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: database.db.withPlugin(forgetOnWrite(appDatabase.stamps)),
    appDatabase,
    config,
    clock,
    mail,
    dataDir,
    database,
    throttle,
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The database object the app is given: a second app on a shared database is another instance of
 * the deployment (its own stamps and memories, as another process); then the options' choices.
 */
function appDatabaseFor(database: TestDatabase, options: TestAppOptions): AppDatabase {
  let chosen = options.sharedDatabase ? database.appDatabase.anotherInstance() : database.appDatabase;
  if (options.wrapDb) chosen = chosen.withHandle(options.wrapDb(chosen.db));
  if (options.oneStep === false) chosen = chosen.withoutOneStep();
  return chosen;
}
