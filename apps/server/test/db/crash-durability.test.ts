import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/config.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { compare, readSnapshot, sqliteIntegrity, type Snapshot } from '../helpers/crash-check.js';
import {
  acknowledgedCount,
  emptyLedger,
  inFlightCount,
  seededRandom,
  writeUntilKilled,
} from '../helpers/crash-workload.js';
import { adminQuery, isDatabaseAvailable, POSTGRES_URL, TEST_DIALECT } from '../helpers/database.js';
import { createBoardFixture } from '../helpers/boards.js';
import { createUser, PASSWORD, signIn, type TokenHeaders } from '../helpers/factories.js';
import { apiAs } from '../helpers/projects.js';
import { buildTestApp } from '../helpers/test-app.js';
import { ServerProcess } from '../helpers/server-process.js';

/**
 * Crash durability: the real server (its own process) takes concurrent task creates, moves and hour
 * reports, is SIGKILLed at a random moment, and restarts on the same data. Every write it answered
 * 2xx to must be there, nothing may be half-applied, and the database must pass its own checks.
 * SQLite is the case that matters (the killed process owns the file: WAL + synchronous=FULL); on
 * PostgreSQL the same rounds prove the server's transactions leave nothing half-applied.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? (process.env.CI ? 3 : 20));
const SEED = Number(process.env.CRASH_SEED ?? randomBytes(4).readUInt32BE());
const WORKERS = 6;
/** The kill lands between these many milliseconds after the writes start. */
const KILL_WINDOW_MS = [50, 900] as const;
const SECRET_KEY = 'crash-durability-secret-key-0123456789abcdef';

/** Where the server keeps its data: a SQLite file in the data dir, or a fresh PostgreSQL database. */
async function prepareStore(
  dataDir: string,
): Promise<{ env: Record<string, string>; config: DatabaseConfig }> {
  if (TEST_DIALECT === 'sqlite') {
    return { env: {}, config: { dialect: 'sqlite', file: path.join(dataDir, 'teamboard.sqlite') } };
  }
  const name = `teamboard_crash_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = POSTGRES_URL.replace(/\/[^/]*$/, `/${name}`);
  return { env: { DATABASE_URL: url }, config: { dialect: 'postgres', url } };
}

async function withDatabase<T>(config: DatabaseConfig, use: (db: Db) => Promise<T>) {
  const { db } = createDatabase(config);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

describe('SQLite durability settings', () => {
  it('opens the database in WAL mode with synchronous=FULL and foreign keys on', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-pragmas-'));
    const { db } = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'pragmas.sqlite') });
    try {
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {},
        )[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the crash checker', () => {
  const task = (columnId: number, totalHours = 0) => ({ title: 't', columnId, totalHours });
  const snapshot = (tasks: [number, ReturnType<typeof task>][]): Snapshot => ({
    tasks: new Map(tasks),
    hours: new Map(),
    movedLogs: new Map(),
    broken: [],
  });

  it('reports an acknowledged write that is missing and a change nobody asked for', () => {
    const ledger = emptyLedger();
    ledger.created.push({ id: 2, title: 't', columnId: 1 });
    ledger.hours.push({ id: 9, taskId: 1, hours: 1, date: '2026-11-01' });
    const after = snapshot([[1, task(3)]]);
    after.hours.set(10, { taskId: 1, hours: 2, date: '2026-11-02' });
    const verdict = compare(snapshot([[1, task(1)]]), after, ledger);
    expect(verdict.lost).toEqual([
      'created task 2',
      'task 1 in column 3, acknowledged 1',
      'hour 9 (1 h on task 1)',
    ]);
    expect(verdict.halfApplied).toEqual(['hour 10 on task 1 nobody reported']);
  });
});

describe.skipIf(!isDatabaseAvailable)('the crash checker on a real database', () => {
  it('finds totals that disagree with the hours, shared positions and tasks without a created log', async () => {
    const t = await buildTestApp();
    try {
      await createUser(t.db, { email: 'owner@uni.example' });
      const headers = await signIn(t.app, 'owner@uni.example');
      const owner = apiAs(t.app, headers);
      const projectId = (await owner('POST', '/api/projects', { name: 'P' })).json().data.id;
      const f = await createBoardFixture(t.app, projectId, owner, owner, headers);
      const other = (await owner('POST', `/api/columns/${f.columnId}/tasks`, { title: 'x' })).json().data.id;
      expect((await readSnapshot(t.db)).broken).toEqual([]);
      await t.db.updateTable('tasks').set({ total_hours: 99 }).where('id', '=', f.taskId).execute();
      const { position } = await t.db
        .selectFrom('tasks')
        .select('position')
        .where('id', '=', f.taskId)
        .executeTakeFirstOrThrow();
      await t.db.updateTable('tasks').set({ position }).where('id', '=', other).execute();
      await t.db.deleteFrom('task_logs').where('task_id', '=', other).execute();
      expect((await readSnapshot(t.db)).broken).toEqual([
        `task ${f.taskId}: total_hours 99 ≠ sum of its hours 2`,
        `task ${other}: shares position ${position} in column ${f.columnId}`,
        `task ${other}: has no "created" log entry`,
      ]);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!isDatabaseAvailable)(`crash durability under SIGKILL (${TEST_DIALECT})`, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-crash-'));
  let dropDatabase = async () => {};
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, half-applies none, and passes the integrity checks', async () => {
    console.log(`crash durability: seed ${SEED} (CRASH_SEED=${SEED} replays the choices), ${ROUNDS} rounds`);
    const random = seededRandom(SEED);
    const store = await prepareStore(dataDir);
    if (store.config.dialect === 'postgres') {
      const name = store.config.url.split('/').pop();
      dropDatabase = () => adminQuery(`drop database if exists ${name} with (force)`);
    }
    const env = { ...store.env, SECRET_KEY };
    // The first start migrates; the user goes straight into the database, the rest through HTTP.
    let server = await ServerProcess.start(env, { dataDir });
    await withDatabase(store.config, (db) => createUser(db, { email: 'owner@uni.example' }));
    const headers = await server.signIn('owner@uni.example', PASSWORD);
    const { boardId, columnIds } = await createBoard(server, headers);
    const tasksOf: number[][] = Array.from({ length: WORKERS }, () => []);
    let before: Snapshot = await withDatabase(store.config, readSnapshot);
    const totals = {
      acknowledged: 0,
      inFlight: 0,
      lost: [] as string[],
      halfApplied: [] as string[],
      integrity: [] as string[],
    };

    for (let round = 1; round <= ROUNDS; round++) {
      if (round > 1) server = await ServerProcess.start(env, { dataDir });
      await expectServedBoardToMatch(server, headers, boardId, before);
      const [low, high] = KILL_WINDOW_MS;
      const work = { server, headers, columnIds, tasksOf, random, round };
      const ledger = await writeUntilKilled(work, WORKERS, low + random() * (high - low));
      const after = await withDatabase(store.config, async (db) => {
        await untilOtherConnectionsEnd(db);
        totals.integrity.push(...(await sqliteIntegrity(db)));
        return readSnapshot(db);
      });
      const verdict = compare(before, after, ledger);
      totals.acknowledged += acknowledgedCount(ledger);
      totals.inFlight += inFlightCount(ledger);
      totals.lost.push(...verdict.lost.map((what) => `round ${round}: ${what}`));
      totals.halfApplied.push(...verdict.halfApplied.map((what) => `round ${round}: ${what}`));
      before = after;
    }
    server = await ServerProcess.start(env, { dataDir });
    await expectServedBoardToMatch(server, headers, boardId, before);
    await server.stop();

    console.log(
      `crash durability: ${ROUNDS} rounds, ${totals.acknowledged} acknowledged writes, ` +
        `${totals.lost.length} lost, ${totals.halfApplied.length} half-applied, ` +
        `integrity ${totals.integrity.length === 0 ? 'ok' : 'FAILED'} ` +
        `(${TEST_DIALECT}, seed ${SEED}, ${totals.inFlight} writes in flight at the kills)`,
    );
    expect(totals.acknowledged).toBeGreaterThan(ROUNDS);
    expect(totals.lost).toEqual([]);
    expect(totals.halfApplied).toEqual([]);
    expect(totals.integrity).toEqual([]);
  }, 240_000);
});

/**
 * On PostgreSQL a killed server's writes can still commit: a one-step write sends BEGIN, its
 * statements and COMMIT at once (db/pipeline.ts), and the server's backend runs what reached it
 * before it notices the closed socket. The snapshot is read once those backends have ended, so it
 * holds every write that will ever commit (SQLite's writes end with the process).
 */
async function untilOtherConnectionsEnd(db: Db): Promise<void> {
  if (TEST_DIALECT !== 'postgres') return;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{ others: string }>`select count(*) as others from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    if (Number(rows[0]?.others ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('the killed server’s database connections did not end');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function createBoard(server: ServerProcess, headers: TokenHeaders) {
  const created = async (url: string, body: object) => {
    const response = await server.call(headers, 'POST', url, body);
    if (response.status !== 201)
      throw new Error(`${url}: ${response.status} ${JSON.stringify(response.json)}`);
    return Number(response.json.data?.id);
  };
  const projectId = await created('/api/projects', { name: 'Crash' });
  const boardId = await created(`/api/projects/${projectId}/boards`, { name: 'Board' });
  const columnIds: number[] = [];
  for (const name of ['To do', 'Doing', 'Done']) {
    columnIds.push(await created(`/api/boards/${boardId}/columns`, { name }));
  }
  return { boardId, columnIds };
}

/** After a restart the server serves exactly what the database holds (no stale or lost card). */
async function expectServedBoardToMatch(
  server: ServerProcess,
  headers: TokenHeaders,
  boardId: number,
  stored: Snapshot,
): Promise<void> {
  const response = await server.call(headers, 'GET', `/api/boards/${boardId}`);
  expect(response.status).toBe(200);
  const tasks = (response.json.data?.tasks ?? []) as { id: number; column_id: number; total_hours: number }[];
  const served = tasks.map((task) => [task.id, task.column_id, Number(task.total_hours)]).sort();
  const expected = [...stored.tasks].map(([id, task]) => [id, task.columnId, task.totalHours]).sort();
  expect(served).toEqual(expected);
}
