import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each run gets a fresh data folder (an empty database and outbox). The runner decides it once
// and its workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `teamboard-e2e-${Date.now()}`);

/** The app under test listens here, with its own data folder (SQLite + outbox). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;

/** Local git repositories the app may link by path (CODE_HOSTING_LOCAL_ROOTS): the tests make them here. */
export const E2E_GIT_ROOT = join(E2E_DATA_DIR, 'git');
