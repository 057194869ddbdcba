import { existsSync } from 'node:fs';
import { chmod, copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { migrations } from '../db/migrations/index.js';
import { BackupError } from './errors.js';
import { copyTree, measureTree } from './file-tree.js';
import { BACKUP_NAMES, readManifest, sha256OfFile, type Manifest } from './manifest.js';
import { postgresNotHandled } from './postgres.js';
import { isDatabaseInUse, removeWalFiles } from './sqlite-files.js';

export interface RestoreOptions {
  from: string;
  /** Replace a database that is already in DATA_DIR. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  databaseFile: string;
}

/** Refuses a backup whose database or files are not what its manifest recorded. */
async function verifyBackup(folder: string, manifest: Manifest): Promise<void> {
  const database = path.join(folder, manifest.database.file);
  if (!existsSync(database)) throw new BackupError(`${database} is missing.`);
  if ((await sha256OfFile(database)) !== manifest.database.sha256) {
    throw new BackupError(`${database} does not match the checksum in its manifest: the backup is damaged.`);
  }
  const files = await measureTree(path.join(folder, BACKUP_NAMES.files));
  if (files.count !== manifest.files.count || files.bytes !== manifest.files.bytes) {
    throw new BackupError(
      `The backup's files (${files.count} files, ${files.bytes} bytes) are not the ${manifest.files.count} ` +
        `files, ${manifest.files.bytes} bytes its manifest recorded: the backup is incomplete.`,
    );
  }
  if (manifest.has_secret_key && !existsSync(path.join(folder, BACKUP_NAMES.secretKey))) {
    throw new BackupError(`${folder} has no ${BACKUP_NAMES.secretKey} although its manifest lists one.`);
  }
  if (manifest.schema_version !== null && !(manifest.schema_version in migrations)) {
    throw new BackupError(
      `The backup was made by a newer TeamBoard (${manifest.app_version}, migration ` +
        `${manifest.schema_version}); restore it with that version or later.`,
    );
  }
}

/** Refuses to overwrite a database a server is using, or any database unless told to. */
function checkTarget(file: string, force: boolean): void {
  if (isDatabaseInUse(file)) {
    throw new BackupError(`${file} is open in a running server: stop the server, then restore.`);
  }
  if (existsSync(file) && !force) {
    throw new BackupError(`${file} already exists; add --force to replace it with the backup.`);
  }
}

/** Copies next to the target, then renames over it, so a failed copy leaves the old one whole. */
async function replaceDatabase(source: string, target: string): Promise<void> {
  const incoming = `${target}.restoring`;
  await copyFile(source, incoming);
  await removeWalFiles(target);
  await rename(incoming, target);
}

async function replaceFiles(source: string, target: string): Promise<void> {
  const incoming = `${target}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  await copyTree(source, incoming);
  await rm(target, { recursive: true, force: true });
  await rename(incoming, target);
}

/**
 * Puts a backup made by createBackup into DATA_DIR: checks it against its manifest first, then
 * replaces the database, the files folder and the secret key. The server must be stopped; it
 * applies any newer migrations when it starts.
 */
export async function restoreBackup(config: Config, options: RestoreOptions): Promise<RestoreResult> {
  if (config.database.dialect !== 'sqlite') throw postgresNotHandled('restore');
  const folder = path.resolve(options.from);
  const manifest = await readManifest(folder);
  await verifyBackup(folder, manifest);
  const target = config.database.file;
  checkTarget(target, options.force ?? false);
  await replaceDatabase(path.join(folder, manifest.database.file), target);
  // Files kept in a bucket stay there (restored from its versions or mirror); local ones come back.
  if (manifest.object_storage_bucket === null) {
    await replaceFiles(path.join(folder, BACKUP_NAMES.files), config.filesDir);
  }
  if (manifest.has_secret_key) {
    const secretKey = path.join(config.dataDir, BACKUP_NAMES.secretKey);
    await copyFile(path.join(folder, BACKUP_NAMES.secretKey), secretKey);
    await chmod(secretKey, 0o600);
  }
  return { manifest, databaseFile: target };
}
