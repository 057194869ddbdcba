/* eslint-disable no-restricted-imports -- test support: the real app built in-process on a database
   the generator filled, with the server's own test doubles (the lint rule keeps apps from importing
   each other; bench is not an app). */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { ManualClock } from '../../apps/server/src/lib/clock.js';
import { MemoryMailer } from '../../apps/server/test/helpers/mailbox.js';
import type { AppDatabase } from '../../apps/server/src/db/app-database.js';
import type { DatabaseConfig } from './server.js';

export {
  createTestDatabase,
  isDatabaseAvailable,
  TEST_DIALECT,
} from '../../apps/server/test/helpers/database.js';

export interface AppOnDatabase {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The real app on an existing database (unlike buildTestApp, which makes a fresh one), its clock
 * stopped at `now`. Closing it leaves the database open: its owner drops it.
 */
export async function buildAppOnDatabase(
  database: { appDatabase: AppDatabase; config: DatabaseConfig },
  now: string,
): Promise<AppOnDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-generated-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      APP_URL: 'https://teamboard.example.edu',
      SECRET_KEY: 'generator-test-secret-0123456789abcdef-0123',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    }),
    database: database.config,
  };
  const app = await buildApp({
    config,
    database: database.appDatabase,
    clock: new ManualClock(new Date(now)),
    mailer: new MemoryMailer(),
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
