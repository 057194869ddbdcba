import SQLite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/backup/backup.js';
import { BackupError } from '../../src/backup/errors.js';
import { BACKUP_NAMES, readManifest, sha256OfFile } from '../../src/backup/manifest.js';
import { restoreBackup } from '../../src/backup/restore.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { restoredProblems, freezeLedger } from '../helpers/backup-check.js';
import { readSnapshot, sqliteIntegrity, type Snapshot } from '../helpers/crash-check.js';
import { acknowledgedCount, emptyLedger, runWorker, seededRandom } from '../helpers/crash-workload.js';
import { POSTGRES_URL, TEST_DIALECT } from '../helpers/database.js';
import { createUser, PASSWORD, type TokenHeaders } from '../helpers/factories.js';
import { ServerProcess } from '../helpers/server-process.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKERS = 6;
const SEED = Number(process.env.BACKUP_SEED ?? randomBytes(4).readUInt32BE());

const temporaryDirs: string[] = [];
function temporaryDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-backup-'));
  temporaryDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** The real command line (src/cli.ts through tsx, as `npm run backup` runs dist/cli.js). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}

async function withSqlite<T>(file: string, use: (db: Db) => Promise<T>): Promise<T> {
  const { db } = createDatabase({ dialect: 'sqlite', file });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** A DATA_DIR with a migrated database holding one user, and one uploaded file. */
async function deployment(): Promise<Config> {
  const config = loadConfig({ DATA_DIR: temporaryDir() });
  if (config.database.dialect !== 'sqlite') throw new Error('expected SQLite');
  await withSqlite(config.database.file, async (db) => {
    await migrateToLatest(db);
    await createUser(db, { email: `owner-${randomBytes(3).toString('hex')}@uni.example` });
  });
  mkdirSync(path.join(config.filesDir, 'attachments'), { recursive: true });
  writeFileSync(path.join(config.filesDir, 'attachments', 'a1.csv'), 'a,b\n1,2\n');
  return config;
}

const databaseFile = (config: Config) =>
  config.database.dialect === 'sqlite' ? config.database.file : 'not SQLite';

/** Every entry under `root` with its permission bits (`0755`), folders marked with a trailing slash. */
function modesUnder(root: string): Record<string, string> {
  const modes: Record<string, string> = {};
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(root, file) + (entry.isDirectory() ? '/' : '');
    modes[name] = (lstatSync(file).mode & 0o777).toString(8).padStart(4, '0');
  }
  return modes;
}

/** The modes a private backup has: 0700 for each folder, 0600 for each file. */
const privateModes = (modes: Record<string, string>) =>
  Object.fromEntries(Object.keys(modes).map((name) => [name, name.endsWith('/') ? '0700' : '0600']));

/** Opens every source of a backup to everyone (0755 folders, 0644 files), as a lax umask leaves them. */
function openToEveryone(config: Config): void {
  mkdirSync(path.join(config.filesDir, 'attachments', 'nested'), { recursive: true });
  writeFileSync(path.join(config.filesDir, 'attachments', 'nested', 'b.txt'), 'b\n');
  for (const name of Object.keys(modesUnder(config.dataDir)))
    chmodSync(path.join(config.dataDir, name), name.endsWith('/') ? 0o755 : 0o644);
}

describe('backup and restore of a SQLite deployment (no server)', () => {
  let source: Config;
  let backupDir: string;
  beforeEach(async () => {
    source = await deployment();
    backupDir = path.join(temporaryDir(), 'backup');
    await createBackup(source, { to: backupDir });
  });

  it('writes the database, the files, the secret key and a manifest that describes them', async () => {
    const manifest = await readManifest(backupDir);
    expect(manifest).toMatchObject({
      format: 1,
      schema_version: Object.keys(migrations).at(-1),
      files: { count: 1, bytes: 8 },
      has_secret_key: true,
    });
    const copy = path.join(backupDir, BACKUP_NAMES.database);
    expect(manifest.database.sha256).toBe(await sha256OfFile(copy));
    expect(readFileSync(path.join(backupDir, 'files/attachments/a1.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(readFileSync(path.join(backupDir, BACKUP_NAMES.secretKey), 'utf8')).toBe(
      readFileSync(path.join(source.dataDir, 'secret.key'), 'utf8'),
    );
  });

  it('restores into an empty DATA_DIR: the same database, files and secret key', async () => {
    const target = loadConfig({ DATA_DIR: temporaryDir() });
    await restoreBackup(target, { from: backupDir });
    const manifest = await readManifest(backupDir);
    expect(await sha256OfFile(databaseFile(target))).toBe(manifest.database.sha256);
    expect(readFileSync(path.join(target.filesDir, 'attachments/a1.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(target.secretKey).not.toBe(source.secretKey);
    expect(loadConfig({ DATA_DIR: target.dataDir }).secretKey).toBe(source.secretKey);
  });

  it('refuses a backup whose database does not match its checksum, and leaves DATA_DIR alone', async () => {
    appendFileSync(path.join(backupDir, BACKUP_NAMES.database), 'x');
    const target = loadConfig({ DATA_DIR: temporaryDir() });
    await expect(restoreBackup(target, { from: backupDir })).rejects.toThrow(/does not match the checksum/);
    expect(existsSync(databaseFile(target))).toBe(false);
    expect(existsSync(target.filesDir)).toBe(false);
  });

  it('refuses a backup with a file missing, or without a manifest', async () => {
    const target = loadConfig({ DATA_DIR: temporaryDir() });
    unlinkSync(path.join(backupDir, 'files/attachments/a1.csv'));
    await expect(restoreBackup(target, { from: backupDir })).rejects.toThrow(/backup is incomplete/);
    unlinkSync(path.join(backupDir, BACKUP_NAMES.manifest));
    await expect(restoreBackup(target, { from: backupDir })).rejects.toThrow(/manifest.json is missing/);
    expect(existsSync(databaseFile(target))).toBe(false);
  });

  it('refuses to replace an existing database without --force and changes nothing; with it, replaces', async () => {
    const other = await deployment();
    const untouched = await sha256OfFile(databaseFile(other));
    const otherKey = other.secretKey;
    await expect(restoreBackup(other, { from: backupDir })).rejects.toThrow(/already exists; add --force/);
    expect(await sha256OfFile(databaseFile(other))).toBe(untouched);
    expect(readFileSync(path.join(other.dataDir, 'secret.key'), 'utf8').trim()).toBe(otherKey);
    expect(existsSync(path.join(other.filesDir, 'attachments/a1.csv'))).toBe(true);

    writeFileSync(path.join(other.filesDir, 'attachments', 'only-here.csv'), 'x\n');
    await restoreBackup(other, { from: backupDir, force: true });
    expect(await sha256OfFile(databaseFile(other))).toBe((await readManifest(backupDir)).database.sha256);
    expect(existsSync(path.join(other.filesDir, 'attachments/only-here.csv'))).toBe(false);
    expect(loadConfig({ DATA_DIR: other.dataDir }).secretKey).toBe(source.secretKey);
  });

  it('refuses a backup made by a newer version (a migration this one does not know)', async () => {
    const manifestFile = path.join(backupDir, BACKUP_NAMES.manifest);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, schema_version: '2099_01_01_0000_future' }));
    const target = loadConfig({ DATA_DIR: temporaryDir() });
    await expect(restoreBackup(target, { from: backupDir })).rejects.toThrow(/made by a newer TeamBoard/);
  });

  it('leaves files kept in object storage to the bucket: none copied, none replaced on restore', async () => {
    const bucketEnv = {
      S3_BUCKET: 'teamboard-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    const withBucket = loadConfig({ DATA_DIR: source.dataDir, ...bucketEnv });
    const folder = path.join(temporaryDir(), 'bucket-backup');
    const { manifest } = await createBackup(withBucket, { to: folder });
    expect(manifest).toMatchObject({
      files: { count: 0, bytes: 0 },
      object_storage_bucket: 'teamboard-files',
    });
    expect(existsSync(path.join(folder, 'files/attachments/a1.csv'))).toBe(false);

    const target = loadConfig({ DATA_DIR: temporaryDir(), ...bucketEnv });
    mkdirSync(target.filesDir);
    writeFileSync(path.join(target.filesDir, 'left-alone.txt'), 'x');
    await restoreBackup(target, { from: folder });
    expect(await sha256OfFile(databaseFile(target))).toBe(manifest.database.sha256);
    expect(readFileSync(path.join(target.filesDir, 'left-alone.txt'), 'utf8')).toBe('x');
  });

  it('will not write a backup into a folder that is not empty', async () => {
    await expect(createBackup(source, { to: backupDir })).rejects.toBeInstanceOf(BackupError);
  });
});

// Issue 43, point 10: `npm run backup -- --to <existing folder>` left the folder 0755 and the
// database 0644 (copies keep their sources' modes, and mkdir keeps an existing folder's).
describe('a backup is readable by its owner only', () => {
  it('leaves the folder 0700 and every folder and file in it 0700 / 0600, through the command', async () => {
    const source = await deployment();
    openToEveryone(source);
    const folder = path.join(temporaryDir(), 'existing');
    mkdirSync(folder);
    chmodSync(folder, 0o755);

    const result = await cli(['backup', '--to', folder], { DATA_DIR: source.dataDir });
    expect(result.code, result.output).toBe(0);
    expect((lstatSync(folder).mode & 0o777).toString(8)).toBe('700');
    const modes = modesUnder(folder);
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining([
        BACKUP_NAMES.database,
        BACKUP_NAMES.manifest,
        BACKUP_NAMES.secretKey,
        'files/attachments/',
        'files/attachments/a1.csv',
        'files/attachments/nested/b.txt',
      ]),
    );
    expect(modes).toEqual(privateModes(modes));
  }, 30_000);
});

describe(`PostgreSQL deployments are refused with the pg_dump / pg_restore commands (${TEST_DIALECT} run)`, () => {
  const env = () => ({ DATA_DIR: temporaryDir(), DATABASE_URL: POSTGRES_URL });

  it('backup and restore name the commands to use and touch nothing', async () => {
    const config = loadConfig(env());
    await expect(createBackup(config)).rejects.toThrow(/pg_dump --format=custom/);
    await expect(restoreBackup(config, { from: temporaryDir() })).rejects.toThrow(/pg_restore --clean/);
    expect(existsSync(path.join(config.dataDir, 'backups'))).toBe(false);
  });

  it('the command exits with 1 and the message, without printing the database URL', async () => {
    const result = await cli(['backup'], env());
    expect(result.code).toBe(1);
    expect(result.output).toContain('pg_dump --format=custom --file=teamboard.dump "$DATABASE_URL"');
    expect(result.output).not.toContain(POSTGRES_URL);
  }, 30_000);

  it.runIf(TEST_DIALECT === 'postgres' && hasPgDump())(
    'the printed steps leave the dump and the copies beside it readable by their owner only',
    async () => {
      const source = await deployment();
      openToEveryone(source);
      const message = (await createBackup(loadConfig(env())).catch((error: Error) => error)) as Error;
      const printed = message.message.split('\n').filter((line) => /^ {2}(umask|pg_dump) /.test(line));
      expect(printed).toHaveLength(2);
      const folder = temporaryDir();
      await withScratchDatabase(async (databaseUrl) => {
        // What the message prints, then the copies it asks for, in one shell.
        const script = [...printed, 'cp -r "$DATA_DIR/files" "$DATA_DIR/secret.key" .'].join('\n');
        await run('sh', ['-c', script], {
          cwd: folder,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, DATA_DIR: source.dataDir },
        });
      });
      const modes = modesUnder(folder);
      expect(Object.keys(modes)).toEqual(
        expect.arrayContaining(['teamboard.dump', 'secret.key', 'files/attachments/nested/b.txt']),
      );
      expect(modes).toEqual(privateModes(modes));
    },
    30_000,
  );
});

function hasPgDump(): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => existsSync(path.join(dir, 'pg_dump')));
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<void>((resolve, reject) => {
    execFile(command, args, options, (error, _stdout, stderr) =>
      error ? reject(new Error(`${command}: ${stderr}`, { cause: error })) : resolve(),
    );
  });
}

/** A small database of its own for pg_dump (the test database holds every test file's schema). */
async function withScratchDatabase(use: (url: string) => Promise<void>): Promise<void> {
  const name = `teamboard_bk_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    await use(POSTGRES_URL.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function createBoard(server: ServerProcess, headers: TokenHeaders) {
  const created = async (url: string, body: object) => {
    const response = await server.call(headers, 'POST', url, body);
    if (response.status !== 201)
      throw new Error(`${url}: ${response.status} ${JSON.stringify(response.json)}`);
    return Number(response.json.data?.id);
  };
  const projectId = await created('/api/projects', { name: 'Backup' });
  const boardId = await created(`/api/projects/${projectId}/boards`, { name: 'Board' });
  const columnIds: number[] = [];
  for (const name of ['To do', 'Doing', 'Done']) {
    columnIds.push(await created(`/api/boards/${boardId}/columns`, { name }));
  }
  const taskId = await created(`/api/columns/${columnIds[0]}/tasks`, { title: 'with a file' });
  return { boardId, columnIds, taskId };
}

async function attach(server: ServerProcess, headers: TokenHeaders, taskId: number, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'data.csv');
  const response = await fetch(`${server.baseUrl}/api/tasks/${taskId}/attachments`, {
    method: 'POST',
    headers,
    body: form,
  });
  expect(response.status).toBe(201);
}

async function attachmentContents(server: ServerProcess, headers: TokenHeaders, taskId: number) {
  const list = await server.call(headers, 'GET', `/api/tasks/${taskId}/attachments`);
  expect(list.status).toBe(200);
  const attachments = list.json.data as unknown as { url: string }[];
  return Promise.all(attachments.map(async ({ url }) => (await fetch(new URL(url, server.baseUrl))).text()));
}

/** Opens a read transaction on the live database and keeps it open until close(). */
function pinWriteAheadLog(file: string): { close(): void } {
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.exec('begin');
  reader.prepare('select count(*) from tasks').get();
  return {
    close() {
      reader.exec('commit');
      reader.close();
    },
  };
}

describe.skipIf(TEST_DIALECT === 'postgres')(
  'restore of a backup taken under write load (SQLite only: SKIPPED under TEST_DB=postgres, whose backups are pg_dump — see the refusal test)',
  () => {
    it('finds every write acknowledged before the backup began, in a database that passes its checks', async () => {
      console.log(`backup under load: seed ${SEED} (BACKUP_SEED=${SEED} replays the workers' choices)`);
      const dataDir = temporaryDir();
      let server = await ServerProcess.start({}, { dataDir });
      try {
        const live = path.join(dataDir, 'teamboard.sqlite');
        await withSqlite(live, (db) => createUser(db, { email: 'owner@uni.example' }));
        const headers = await server.signIn('owner@uni.example', PASSWORD);
        const { boardId, columnIds, taskId } = await createBoard(server, headers);
        await attach(server, headers, taskId, 'week,hours\n1,12\n');
        const before: Snapshot = await withSqlite(live, readSnapshot);
        // A reader that stays open holds back checkpoints, so the writes below are still in the
        // write-ahead log when the backup runs (as recent writes always are between checkpoints):
        // a copy of the database file alone would miss them, and this test would say so.
        const pin = pinWriteAheadLog(live);

        const ledger = emptyLedger();
        let isStopped = false;
        const work = {
          server,
          headers,
          columnIds,
          tasksOf: Array.from({ length: WORKERS }, () => [] as number[]),
          random: seededRandom(SEED),
          round: 1,
          isStopped: () => isStopped,
        };
        const failures: unknown[] = [];
        const writers = Array.from({ length: WORKERS }, (_, worker) =>
          runWorker(work, worker, ledger).catch((error: unknown) => failures.push(error)),
        );
        // Let the writers get going, so the backup starts with writes behind it and in flight.
        while (acknowledgedCount(ledger) < 30 && failures.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }

        const atStart = freezeLedger(ledger);
        const backupDir = path.join(temporaryDir(), 'backup');
        const backup = await cli(['backup', '--to', backupDir], { DATA_DIR: dataDir });
        const atBackupEnd = freezeLedger(ledger);
        pin.close();
        const refused = await cli(['restore', '--from', backupDir, '--force'], { DATA_DIR: dataDir });
        isStopped = true;
        await Promise.all(writers);
        const atEnd = freezeLedger(ledger);
        if (failures.length > 0) throw failures[0];

        expect(backup.output).toContain('Backup written to');
        expect(backup.code).toBe(0);
        // The premise: writes went on while the backup ran.
        expect(acknowledgedCount(atBackupEnd)).toBeGreaterThan(acknowledgedCount(atStart));
        expect(refused.code).toBe(1);
        expect(refused.output).toContain('is open in a running server');
        await server.stop();

        const restoredDir = temporaryDir();
        const restore = await cli(['restore', '--from', backupDir], { DATA_DIR: restoredDir });
        expect(restore.output).toContain('Restored the backup');
        expect(restore.code).toBe(0);
        const restoredFile = path.join(restoredDir, 'teamboard.sqlite');
        const { restored, integrity } = await withSqlite(restoredFile, async (db) => ({
          integrity: await sqliteIntegrity(db),
          restored: await readSnapshot(db),
        }));
        console.log(
          `backup under load: ${acknowledgedCount(atStart)} writes acknowledged before the backup, ` +
            `${acknowledgedCount(atBackupEnd) - acknowledgedCount(atStart)} during it; ` +
            `${restored.tasks.size} tasks and ${restored.hours.size} hour reports restored`,
        );
        expect(integrity).toEqual([]);
        expect(restoredProblems(before, restored, atStart, atEnd)).toEqual([]);

        // The restored deployment serves it, with the same secret key (the old session still works).
        server = await ServerProcess.start({}, { dataDir: restoredDir });
        const board = await server.call(headers, 'GET', `/api/boards/${boardId}`);
        expect(board.status).toBe(200);
        const served = (board.json.data?.tasks as { id: number }[]).map((task) => task.id).sort();
        expect(served).toEqual([...restored.tasks.keys()].sort());
        expect(await attachmentContents(server, headers, taskId)).toEqual(['week,hours\n1,12\n']);
      } finally {
        await server.stop();
      }
    }, 120_000);
  },
);

describe('the restored-backup checker', () => {
  const snapshot = (tasks: [number, number][], hours: [number, number][] = []): Snapshot => ({
    tasks: new Map(tasks.map(([id, columnId]) => [id, { title: `t${id}`, columnId, totalHours: 0 }])),
    hours: new Map(hours.map(([id, taskId]) => [id, { taskId, hours: 1, date: '2026-11-01' }])),
    movedLogs: new Map(),
    broken: [],
  });

  it('reports writes acknowledged before the backup that are missing, and rows nobody wrote', () => {
    const atStart = emptyLedger();
    atStart.created.push({ id: 2, title: 't2', columnId: 1 });
    atStart.hours.push({ id: 7, taskId: 1, hours: 1, date: '2026-11-01' });
    atStart.moves.set(1, { acknowledged: [2], pending: null });
    const atEnd = freezeLedger(atStart);
    atEnd.moves.get(1)!.acknowledged.push(3);
    const restored = snapshot([
      [1, 1],
      [9, 1],
    ]);
    restored.movedLogs.set(1, 1);
    expect(restoredProblems(snapshot([[1, 1]]), restored, atStart, atEnd)).toEqual([
      'created task 2 is missing',
      'task 9 nobody created',
      'hour 7 (1 h on task 1) is missing',
      'task 1 in column 1, expected one of 2, 3',
    ]);
  });

  it('accepts a move acknowledged while the backup ran, whether or not the copy holds it', () => {
    const atStart = emptyLedger();
    atStart.moves.set(1, { acknowledged: [2], pending: null });
    const atEnd = freezeLedger(atStart);
    atEnd.moves.get(1)!.acknowledged.push(3);
    for (const column of [2, 3]) {
      const restored = snapshot([[1, column]]);
      restored.movedLogs.set(1, column - 1);
      expect(restoredProblems(snapshot([[1, 1]]), restored, atStart, atEnd)).toEqual([]);
    }
  });
});
