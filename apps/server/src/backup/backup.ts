import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { VERSION } from '../version.js';
import { BackupError } from './errors.js';
import { copyTree, restrictToOwner, type CopiedTree } from './file-tree.js';
import { BACKUP_FORMAT, BACKUP_NAMES, sha256OfFile, writeManifest, type Manifest } from './manifest.js';
import { postgresNotHandled } from './postgres.js';
import { copyDatabaseOnline, lastMigrationOf } from './sqlite-files.js';

export interface BackupOptions {
  /** The folder to create; by default DATA_DIR/backups/<timestamp>. */
  to?: string;
  now?: Date;
}

export interface BackupResult {
  folder: string;
  manifest: Manifest;
  /** Files deleted by the app between being listed and copied (their rows went with them). */
  vanishedFiles: number;
}

/** `2026-11-26T23-05-00-000Z`: sortable, and valid as a folder name everywhere. */
function folderStamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

async function prepareFolder(folder: string): Promise<void> {
  if (existsSync(folder) && (await readdir(folder)).length > 0) {
    throw new BackupError(`${folder} is not empty; choose a new folder for the backup.`);
  }
  // Holds the secret key and every user's data: readable by the owner only. A folder given with
  // --to may exist already (mkdir keeps its mode): it is closed before anything is written into it.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
}

/** Files in object storage are not copied: the backup holds an empty files folder instead. */
async function emptyFolder(folder: string): Promise<CopiedTree> {
  await mkdir(folder, { recursive: true });
  return { count: 0, bytes: 0, vanished: 0 };
}

/**
 * Backs up a running (or stopped) SQLite deployment: the database through SQLite's online backup
 * API, then the uploaded files (when they are on local disk; a bucket is backed up on its own),
 * then the secret key, then the manifest; the folder and all it holds end readable by the owner
 * only (0700 folders, 0600 files). Database first: every file
 * a copied row names existed before the copy, so it is in the files copy; files newer than the
 * database copy are orphans, which are harmless.
 */
export async function createBackup(config: Config, options: BackupOptions = {}): Promise<BackupResult> {
  if (config.database.dialect !== 'sqlite') throw postgresNotHandled('backup');
  const now = options.now ?? new Date();
  const folder = path.resolve(options.to ?? path.join(config.dataDir, 'backups', folderStamp(now)));
  if (!existsSync(config.database.file)) {
    throw new BackupError(`No database at ${config.database.file}: is DATA_DIR right?`);
  }
  await prepareFolder(folder);
  const databaseCopy = path.join(folder, BACKUP_NAMES.database);
  await copyDatabaseOnline(config.database.file, databaseCopy);
  const filesCopy = path.join(folder, BACKUP_NAMES.files);
  const bucket = config.objectStorage?.bucket ?? null;
  const files = bucket === null ? await copyTree(config.filesDir, filesCopy) : await emptyFolder(filesCopy);
  const secretKey = path.join(config.dataDir, BACKUP_NAMES.secretKey);
  const hasSecretKey = existsSync(secretKey);
  if (hasSecretKey) await copyFile(secretKey, path.join(folder, BACKUP_NAMES.secretKey));
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app_version: VERSION,
    schema_version: lastMigrationOf(databaseCopy),
    created_at: now.toISOString(),
    database: {
      file: BACKUP_NAMES.database,
      bytes: (await stat(databaseCopy)).size,
      sha256: await sha256OfFile(databaseCopy),
    },
    files: { count: files.count, bytes: files.bytes },
    object_storage_bucket: bucket,
    has_secret_key: hasSecretKey,
  };
  await writeManifest(folder, manifest);
  // The copies kept their sources' modes (an upload or a database at 0644): owner only, every one.
  await restrictToOwner(folder);
  return { folder, manifest, vanishedFiles: files.vanished };
}
