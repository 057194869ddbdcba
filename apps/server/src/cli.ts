import { parseArgs } from 'node:util';
import { createBackup } from './backup/backup.js';
import { BackupError } from './backup/errors.js';
import { restoreBackup } from './backup/restore.js';
import { adminPasswordFrom, ConfigError, loadConfig } from './config.js';
import { closeDatabase, createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { adminAuditEntry, createAdmin, InvalidAdminInput } from './features/auth/create-admin.js';
import { systemClock } from './lib/clock.js';
import { moveFilesToBucket } from './lib/move-files-to-bucket.js';
import { S3Storage } from './lib/s3-storage.js';

const USAGE =
  'Usage: node apps/server/dist/cli.js create-admin --email <email> --name <name> [--password <password>]\n' +
  '  The password may also come from ADMIN_PASSWORD; without either, one is generated and printed.\n' +
  '       node apps/server/dist/cli.js backup [--to <folder>]\n' +
  '  Copies the SQLite database (while the server runs), the files and the secret key;\n' +
  '  by default into DATA_DIR/backups/<timestamp>.\n' +
  '       node apps/server/dist/cli.js restore --from <folder> [--force]\n' +
  '  Puts a backup into DATA_DIR with the server stopped; --force replaces an existing database.\n' +
  '  See docs/backups.md (PostgreSQL: pg_dump / pg_restore).\n' +
  '       node apps/server/dist/cli.js move-files-to-bucket [--from <folder>]\n' +
  '  Moves the files on disk (DATA_DIR/files by default) to the S3_* bucket (docs/object-storage.md).';

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  'create-admin': runCreateAdmin,
  backup: runBackup,
  restore: runRestore,
  'move-files-to-bucket': runMoveFilesToBucket,
};

/** Copies, checks, then deletes each file; the database keeps the same keys, so nothing else changes. */
async function runMoveFilesToBucket(rest: string[]): Promise<number> {
  let from: string | undefined;
  try {
    from = parseArgs({ args: rest, options: { from: { type: 'string' } } }).values.from;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config.objectStorage) {
    console.error('S3_BUCKET (and the other S3_* settings) must be set to move files to a bucket.');
    return 2;
  }
  const bucket = new S3Storage(config.objectStorage);
  try {
    await bucket.check();
    const result = await moveFilesToBucket(from ?? config.filesDir, bucket, (key) =>
      console.log(`moved ${key}`),
    );
    for (const key of result.skipped) console.warn(`skipped ${key} (not a storage key)`);
    console.log(`Moved ${result.moved} files to ${config.objectStorage.bucket}.`);
    return 0;
  } finally {
    bucket.close();
  }
}

/** Exit codes: 0 done, 1 failure (or a refused backup/restore), 2 usage error. */
async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const handler = command ? COMMANDS[command] : undefined;
  if (!handler) {
    console.error(USAGE);
    return 2;
  }
  return handler(rest);
}

/** parseArgs, or null (after printing the usage) when the arguments are wrong. */
function parseOptions<const T extends Record<string, { type: 'string' | 'boolean' }>>(
  args: string[],
  options: T,
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return null;
  }
}

async function runBackup(args: string[]): Promise<number> {
  const values = parseOptions(args, { to: { type: 'string' } });
  if (!values) return 2;
  const result = await createBackup(loadConfig(process.env), values.to ? { to: values.to } : {});
  const { database, files, schema_version } = result.manifest;
  console.log(`Backup written to ${result.folder}`);
  console.log(`  database: ${database.bytes} bytes, sha256 ${database.sha256}, migration ${schema_version}`);
  console.log(`  files: ${files.count} (${files.bytes} bytes)`);
  if (result.manifest.object_storage_bucket !== null) {
    console.log(
      `  files in bucket ${result.manifest.object_storage_bucket} were not copied: back the bucket up ` +
        'with versioning or aws s3 sync / mc mirror (docs/backups.md).',
    );
  }
  if (result.vanishedFiles > 0) {
    console.log(`  ${result.vanishedFiles} files were deleted by the app during the copy (not needed).`);
  }
  return 0;
}

async function runRestore(args: string[]): Promise<number> {
  const values = parseOptions(args, { from: { type: 'string' }, force: { type: 'boolean' } });
  if (!values) return 2;
  if (!values.from) {
    console.error(`--from is required.\n${USAGE}`);
    return 2;
  }
  const result = await restoreBackup(loadConfig(process.env), {
    from: values.from,
    force: values.force ?? false,
  });
  const { created_at, files } = result.manifest;
  console.log(`Restored the backup of ${created_at} into ${result.databaseFile} (${files.count} files).`);
  if (result.manifest.object_storage_bucket !== null) {
    console.log(
      `Files stay in bucket ${result.manifest.object_storage_bucket}: restore it to the same moment.`,
    );
  }
  console.log('Start the server: it applies any newer migrations first.');
  return 0;
}

async function runCreateAdmin(rest: string[]): Promise<number> {
  let values: { email?: string; name?: string; password?: string };
  try {
    values = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email) {
    console.error(`--email is required.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = createDatabase(config.database);
  const { db } = database;
  try {
    await migrateToLatest(db);
    const password = values.password ?? adminPasswordFrom(process.env);
    const result = await createAdmin(db, database.stamps, systemClock, {
      email: values.email,
      name: values.name ?? values.email.split('@')[0] ?? 'Admin',
      password,
    });
    console.log(
      result.isNew
        ? `Created admin ${values.email.toLowerCase()}.`
        : `${values.email.toLowerCase()} is now an admin.`,
    );
    if (result.generatedPassword) console.log(`Generated password (shown once): ${result.generatedPassword}`);
    console.log(JSON.stringify({ audit: adminAuditEntry(result, values.email, systemClock.now()) }));
    return 0;
  } finally {
    await closeDatabase(db);
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isUserError = error instanceof InvalidAdminInput || error instanceof ConfigError;
    // A refused backup or restore is a failure (1) whose message says what to do; no stack trace.
    console.error(isUserError || error instanceof BackupError ? (error as Error).message : error);
    process.exit(isUserError ? 2 : 1);
  },
);
