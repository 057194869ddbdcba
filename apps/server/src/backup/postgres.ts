import { BackupError } from './errors.js';

/**
 * TeamBoard does not dump PostgreSQL itself: pg_dump must match the server's major version, and
 * operators usually back up the database where it runs. The message gives the commands to use.
 */
export function postgresNotHandled(command: 'backup' | 'restore'): BackupError {
  const steps =
    command === 'backup'
      ? '  umask 077   # the dump and the copies below: readable by you only\n' +
        '  pg_dump --format=custom --file=teamboard.dump "$DATABASE_URL"\n' +
        '  and, in that shell, copy DATA_DIR/files and DATA_DIR/secret.key (if present) beside it.'
      : '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" teamboard.dump\n' +
        '  with the server stopped, then put the files back into DATA_DIR/files.';
  return new BackupError(
    `DATABASE_URL is set: the ${command} command handles the embedded SQLite database only. ` +
      `For PostgreSQL use\n${steps}\nSee docs/backups.md.`,
  );
}
