import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';

/** Pages per backup step: all of them, so one read transaction copies one moment (see below). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a live SQLite database with SQLite's online backup API while the server keeps writing.
 * The whole copy runs in one step, inside one read transaction: in WAL mode that never blocks the
 * server's writers, and the copy is the database as of one commit. (Small steps would let a commit
 * from the server restart the copy from the first page, over and over under steady load.)
 */
export async function copyDatabaseOnline(source: string, destination: string): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}

/**
 * The name of the last migration the database has applied, or null when it has none. (Opened for
 * writing because a read-only WAL database needs its index file; a read changes nothing in it.)
 */
export function lastMigrationOf(file: string): string | null {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const hasTable = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasTable) return null;
    const row = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    return row?.name ?? null;
  } finally {
    db.close();
  }
}

/**
 * True when another process (a running server) has the database open. Every connection to a WAL
 * database holds a shared lock on the file while it is open, so an exclusive lock, tried without
 * waiting, is refused exactly then. The probe writes nothing.
 */
export function isDatabaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = exclusive');
    db.exec('begin exclusive');
    db.exec('rollback');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

/** The write-ahead log and its index beside `file`: stale ones would be replayed onto a new file. */
export async function removeWalFiles(file: string): Promise<void> {
  await rm(`${file}-wal`, { force: true });
  await rm(`${file}-shm`, { force: true });
}
