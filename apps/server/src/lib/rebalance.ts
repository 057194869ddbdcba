import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { isCrowded } from './sort-keys.js';

/** One list of siblings ordered by a sort key: its table, key column and the columns that scope it. */
export interface SortedList {
  table: 'boards' | 'columns' | 'checklist_items' | 'project_members';
  key: 'position' | 'sort_order';
  scope: Record<string, number>;
}

/**
 * After a client-chosen key was written: when some neighbours of the list (or its ends) leave no
 * room for a key between them, renumber the list 1, 2, 3… in its current order (key, then id), in
 * the caller's transaction. Answers the ids whose key changed (empty when the list had room).
 */
export async function rebalanceIfCrowded(db: Db, list: SortedList): Promise<number[]> {
  let query = db
    .selectFrom(sql.table(list.table).as('item'))
    .select([sql.ref<number>('item.id').as('id'), sql.ref<number>(`item.${list.key}`).as('key')]);
  for (const [column, value] of Object.entries(list.scope)) query = query.where(sql.ref(column), '=', value);
  const rows = (await query.execute()) as { id: number; key: number }[];
  rows.sort((a, b) => Number(a.key) - Number(b.key) || a.id - b.id);
  if (!isCrowded(rows.map((row) => Number(row.key)))) return [];
  const changed: number[] = [];
  for (const [index, row] of rows.entries()) {
    if (Number(row.key) === index + 1) continue;
    await sql`update ${sql.table(list.table)} set ${sql.ref(list.key)} = ${index + 1} where id = ${row.id}`.execute(
      db,
    );
    changed.push(row.id);
  }
  return changed;
}
