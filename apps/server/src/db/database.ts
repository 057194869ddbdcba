import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { AuthSessionsTable, UsersTable, UserTokensTable } from '../features/auth/auth.table.js';

/** Every table, as Kysely sees it. Each feature declares its own tables in `<domain>.table.ts`. */
export interface Database {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  user_tokens: UserTokensTable;
}

export type Db = Kysely<Database>;

export interface CreateDatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests use one fresh schema per file). */
  schema?: string;
}

export function createDatabase(config: DatabaseConfig, options: CreateDatabaseOptions = {}): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed sign-up or password change survives a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
