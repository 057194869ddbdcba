import { SqliteAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The only place where SQLite and PostgreSQL differ in migrations.
 * Portable choices: timestamps are ISO-8601 UTC text written by the application (identical API
 * output on both dialects, and ISO strings of one format sort chronologically); booleans are
 * integers 0/1 (SQLite has no boolean type, and pg would return true/false).
 */
export function isSqlite(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Adds an auto-generated integer primary key named `id`. */
export function addIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T>,
): CreateTableBuilder<T, 'id'> {
  return isSqlite(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());
}

/** Column type of every timestamp: ISO-8601 UTC text such as 2026-11-22T04:00:00.000Z. */
export const TIMESTAMP = 'text';

/** A boolean column stored as 0/1 on both dialects. */
export function booleanDefaultFalse(col: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return col.notNull().defaultTo(0);
}
