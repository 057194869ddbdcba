import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

/**
 * PostgreSQL's `real` is a 4-byte float (about 7 digits): fractional positions lost their midpoints
 * after a dozen drops into one gap, and 1234.56789 hours read back as 1234.5679. Widen every such
 * column to `double precision` (8 bytes, as SQLite's REAL always was). SQLite needs nothing.
 */
const REAL_COLUMNS: [table: string, column: string][] = [
  ['project_members', 'sort_order'],
  ['boards', 'position'],
  ['columns', 'position'],
  ['tasks', 'position'],
  ['tasks', 'expected_hours'],
  ['tasks', 'total_hours'],
  ['hours', 'hours'],
  ['checklist_items', 'position'],
];

async function setType(db: Kysely<unknown>, type: 'double precision' | 'real'): Promise<void> {
  if (isSqlite(db)) return;
  for (const [table, column] of REAL_COLUMNS) {
    await db.schema
      .alterTable(table)
      .alterColumn(column, (col) => col.setDataType(type))
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setType(db, 'double precision');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setType(db, 'real');
}
