import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import type { AppDatabase } from '../../src/db/app-database.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { cachedTemplate, dumpPostgresSchema } from './database-template.js';
import {
  releaseForReuse,
  rememberTemplateShape,
  resetStatements,
  reusablePrefix,
  takeIdleSchema,
} from './schema-reuse.js';

export const TEST_DIALECT = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    const reason = `PostgreSQL at ${POSTGRES_URL} is not reachable (${(error as Error).message})`;
    if (process.env.CI) throw new Error(`TEST_DB=postgres on CI: ${reason}`, { cause: error });
    console.warn(`\n⚠️  SKIPPING the database API tests: ${reason}. Start it or run with TEST_DB=sqlite.\n`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** False only when TEST_DB=postgres, the server is down and CI is unset (on CI it throws). */
export const isDatabaseAvailable = TEST_DIALECT === 'postgres' ? await probePostgres() : true;

export interface TestDatabase {
  db: Db;
  /** createDatabase's object around `db`: what an app built on this database is given. */
  appDatabase: AppDatabase;
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/** A freshly migrated database: a temp SQLite file, or a fresh PostgreSQL schema. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return TEST_DIALECT === 'postgres' ? createPostgresSchema() : createSqliteFile();
}

/**
 * Every test starts from a copy of one migrated file (made once per set of migrations, see
 * database-template.ts): migrating took ~80 ms per test, copying takes ~1 ms.
 */
async function createSqliteFile(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-db-'));
  const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dir, 'test.sqlite') };
  copyFileSync(await cachedTemplate('sqlite', migrateSqliteTemplate), config.file);
  const appDatabase = createDatabase(config);
  const { db } = appDatabase;
  return {
    db,
    appDatabase,
    config,
    async drop() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function migrateSqliteTemplate(file: string): Promise<void> {
  const { db } = createDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(db);
  await db.destroy(); // the last connection closing folds the WAL into the file
}

/** The schema name a template dump is written with, replaced by each test's own schema. */
const TEMPLATE_SCHEMA = 'teamboard_template_schema';

/**
 * Every test's schema is replayed from one dump of a migrated schema (its tables, indexes and the
 * migrator's bookkeeping rows) in one round trip: migrating took ~220 ms per test. A closed test's
 * schema is emptied back to the dump's rows and taken by the worker's next test (schema-reuse.ts).
 */
async function createPostgresSchema(): Promise<TestDatabase> {
  const dump = await postgresTemplate();
  const prefix = reusablePrefix();
  const schema = (dump !== null && prefix && takeIdleSchema()) || (await newSchema(dump, prefix));
  const config: DatabaseConfig = { dialect: 'postgres', url: POSTGRES_URL };
  const appDatabase = createDatabase(config, { schema });
  const { db } = appDatabase;
  if (dump === null) await migrateRetryingSchemaRace(db, schema);
  return {
    db,
    appDatabase,
    config,
    async drop() {
      await db.destroy();
      const reset =
        dump !== null && prefix ? resetStatementsOf(dump).replaceAll(TEMPLATE_SCHEMA, schema) : null;
      if (reset !== null && (await releaseForReuse(POSTGRES_URL, schema, reset))) return;
      await adminQuery(`drop schema ${schema} cascade`);
    },
  };
}

/** A schema from the dump (or empty, to migrate, where there is none), named with the run's prefix. */
async function newSchema(dump: string | null, prefix: string | undefined): Promise<string> {
  const schema = `${prefix ?? 'test_'}${randomBytes(6).toString('hex')}`;
  if (dump === null) {
    await adminQuery(`create schema ${schema}`);
    return schema;
  }
  await adminQuery(dump.replaceAll(TEMPLATE_SCHEMA, schema));
  if (prefix) rememberTemplateShape(POSTGRES_URL, schema);
  return schema;
}

let resetSql: { dump: string; statements: string } | undefined;

/** The dump's reset statements (schema-reuse.ts), built once per dump. */
function resetStatementsOf(dump: string): string {
  if (resetSql?.dump !== dump) resetSql = { dump, statements: resetStatements(dump, TEMPLATE_SCHEMA) };
  return resetSql.statements;
}

/** The dump, or null where pg_dump is not installed: each schema is then migrated (slower, same result). */
async function postgresTemplate(): Promise<string | null> {
  try {
    return await cachedTemplate('postgres', migratePostgresTemplate);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
}

/** Migrates a throwaway schema, dumps it as replayable SQL under TEMPLATE_SCHEMA, drops it. */
async function migratePostgresTemplate(file: string): Promise<void> {
  const schema = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const { db } = createDatabase({ dialect: 'postgres', url: POSTGRES_URL }, { schema });
  try {
    await migrateRetryingSchemaRace(db, schema);
    dumpPostgresSchema(POSTGRES_URL, schema, TEMPLATE_SCHEMA, file);
  } finally {
    await db.destroy();
    await adminQuery(`drop schema ${schema} cascade`);
  }
}

/**
 * Kysely's migrator lists the tables of every schema of the shared `test` database before it
 * migrates; when another test file drops its schema at that moment, the listing fails with
 * 3F000 "schema … does not exist". That is the other file's schema, never ours: try again.
 */
async function migrateRetryingSchemaRace(db: Db, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db, { schema });
      return;
    } catch (error) {
      const isRace = /schema "test_\w+" does not exist/.test((error as Error).message);
      if (!isRace || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** One statement on the shared PostgreSQL database, outside any test schema (create/drop). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
