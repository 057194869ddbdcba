import { sql } from 'kysely';
import type { CourseRows } from './rows.js';
import { isSqlite, type Db } from './server.js';
import { TABLES, hasIdColumn, type TableName } from './tables.js';

/** Bound parameters per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_STATEMENT = 16_000;
/** Rows per transaction: few commits (each an fsync), yet no single huge transaction. */
const ROWS_PER_TRANSACTION = 25_000;

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

async function insertTable(db: Db, table: TableName, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const rowsPerStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Object.keys(rows[0]!).length));
  for (const batch of chunks(rows, ROWS_PER_TRANSACTION)) {
    await db.transaction().execute(async (trx) => {
      for (const statementRows of chunks(batch, rowsPerStatement)) {
        // The rows were typed per table in rows.ts; Kysely cannot follow a table name chosen at run time.
        await trx
          .insertInto(table)
          .values(statementRows as never)
          .execute();
      }
    });
  }
}

/**
 * PostgreSQL: identity columns do not advance when ids are given, so each sequence is moved past
 * the largest id, or the app's next insert would collide. (SQLite's AUTOINCREMENT follows by itself.)
 */
async function advanceSequences(db: Db, rows: CourseRows): Promise<void> {
  if (isSqlite(db)) return;
  for (const { name } of TABLES) {
    if (!hasIdColumn(name) || rows[name].length === 0) continue;
    const maxId = (rows[name].at(-1) as { id: number }).id; // rows are in id order
    await sql`select setval(pg_get_serial_sequence(${`"${name}"`}, 'id'), ${maxId})`.execute(db);
  }
}

/** Tables a migration seeds (terms version 1); the course brings its own rows for them. */
const MIGRATION_SEEDED_TABLES = ['terms_versions'] as const satisfies readonly TableName[];

/** Inserts every table, parents first, in batched multi-row statements. */
export async function writeCourse(db: Db, rows: CourseRows): Promise<void> {
  for (const table of MIGRATION_SEEDED_TABLES) await db.deleteFrom(table).execute();
  for (const { name } of TABLES) await insertTable(db, name, rows[name] as Record<string, unknown>[]);
  await advanceSequences(db, rows);
}

/** Refuses to write into a database that already has accounts (ids would clash, counts would lie). */
export async function assertEmptyDatabase(db: Db): Promise<void> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(row.count) > 0) throw new Error('generateCourse needs a freshly migrated, empty database.');
}
