import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import { deleteFailedJobsBefore } from '../../job-queue/failed-jobs.js';
import type { Clock } from '../../lib/clock.js';
import type { Storage } from '../../lib/storage.js';
import { deleteOldIdempotencyKeys } from '../../plugins/idempotency.js';
import { deleteExpiredSessions, deleteExpiredTokens } from '../auth/auth.service.js';
import { deleteExpiredHandoffs } from '../oidc/oidc.service.js';

export const CLEANUP_JOB = 'cleanup';
export const CLEANUP_EVERY_MS = 60 * 60_000;

/** A file younger than this may belong to an upload whose row is not written yet. */
const ORPHAN_MIN_AGE_MS = 60 * 60_000;
/** A job that gave up stays this long for the admins to see (and retry), then goes with its payload. */
const FAILED_JOB_KEEP_MS = 30 * 24 * 60 * 60_000;
/** The folders under the file store that rows point into (attachments, their thumbnails, avatars). */
const STORED_FOLDERS = ['attachments', 'avatars'] as const;
const KEYS_PER_QUERY = 500;

export interface CleanupDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  /** The local file store's root (config.filesDir); files are only swept there (see sweepOrphanedFiles). */
  filesDir: string;
}

export interface CleanupCounts {
  rows: number;
  files: number;
}

/** The hourly cleanup job: expired credentials and leftovers, then files no row points at. */
export async function cleanUp(deps: CleanupDeps): Promise<CleanupCounts> {
  return { rows: await deleteExpiredRows(deps.db, deps.clock.now()), files: await sweepOrphanedFiles(deps) };
}

/**
 * Sessions, emailed tokens and sign-in handoffs past their expiry; old idempotency answers and failed
 * jobs. Each owner deletes its own rows (docs/architecture.md, "Who writes a table").
 */
export async function deleteExpiredRows(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const counts = await Promise.all([
    deleteExpiredSessions(db, at),
    deleteExpiredTokens(db, at),
    deleteExpiredHandoffs(db, at),
    deleteOldIdempotencyKeys(db, now),
    deleteFailedJobsBefore(db, new Date(now.getTime() - FAILED_JOB_KEEP_MS).toISOString()),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Stored files older than an hour that no attachment or avatar row names (an upload whose row
 * never landed, a replaced avatar whose delete failed). Only on local disk: the Storage interface
 * cannot list a bucket, so with S3 a bucket lifecycle rule is the place for this (docs/jobs.md).
 */
export async function sweepOrphanedFiles(deps: CleanupDeps): Promise<number> {
  if (deps.storage.kind !== 'disk') return 0;
  const cutoff = deps.clock.now().getTime() - ORPHAN_MIN_AGE_MS;
  const candidates: string[] = [];
  for (const folder of STORED_FOLDERS) candidates.push(...(await oldFilesIn(deps.filesDir, folder, cutoff)));
  let deleted = 0;
  for (let i = 0; i < candidates.length; i += KEYS_PER_QUERY) {
    const batch = candidates.slice(i, i + KEYS_PER_QUERY);
    const referenced = await referencedKeys(deps.db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await deps.storage.delete(key);
      deleted += 1;
    }
  }
  return deleted;
}

async function oldFilesIn(root: string, folder: string, cutoffMs: number): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(path.join(root, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const keys: string[] = [];
  for (const name of names) {
    const info = await stat(path.join(root, folder, name)).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoffMs) keys.push(`${folder}/${name}`);
  }
  return keys;
}

/** Which of `keys` (`attachments/…`, `avatars/…`) a row still names. */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const avatarNames = keys
    .filter((key) => key.startsWith('avatars/'))
    .map((key) => key.slice('avatars/'.length));
  const [attachments, avatars] = await Promise.all([
    db
      .selectFrom('attachments')
      .select(['storage_key', 'thumbnail_key'])
      .where((eb) => eb.or([eb('storage_key', 'in', keys), eb('thumbnail_key', 'in', keys)]))
      .execute(),
    avatarNames.length === 0
      ? Promise.resolve([])
      : db.selectFrom('users').select('image_key').where('image_key', 'in', avatarNames).execute(),
  ]);
  return new Set([
    ...attachments.flatMap((row) => [row.storage_key, row.thumbnail_key ?? '']),
    ...avatars.map((row) => `avatars/${row.image_key}`),
  ]);
}
