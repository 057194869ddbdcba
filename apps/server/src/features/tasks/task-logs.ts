import type { TaskLog } from '@teamboard/contract';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { PreparedShapes } from '../../lib/prepared-query.js';
import type { UserRow } from '../../users/users.js';
import type { TaskLogsTable } from './tasks.table.js';

export interface LogChange {
  task_id: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

/** Writes the entries in one insert, inside the caller's transaction. */
export async function writeLogs(db: Db, user: UserRow, at: string, changes: LogChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.executeQuery(logsInsert(db, user, at, changes));
}

/** A log entry's own fields, and its row's columns, in the order both inserts below list them. */
const OWN_FIELDS = ['field', 'old_value', 'new_value'] as const;
const ENTRY_FIELDS = ['task_id', ...OWN_FIELDS] as const;
const LOG_COLUMNS = [
  ...ENTRY_FIELDS,
  'user_id',
  'user_name',
  'created_at',
] as const satisfies readonly (keyof TaskLogsTable)[];
type LogColumn = (typeof LOG_COLUMNS)[number];

/**
 * THE row of a log entry: the entry, who wrote it and when. Both inserts take their values from it,
 * as plain values (logsInsert) or as SQL expressions over a statement's rows (logged).
 */
function logRow<V>(
  entry: Record<(typeof ENTRY_FIELDS)[number], V>,
  user: { id: V; name: V },
  at: V,
): Record<LogColumn, V> {
  return { ...entry, user_id: user.id, user_name: user.name, created_at: at };
}

/** A log entry's own fields, as values (JS) or as SQL expressions over a statement's rows. */
type Entry<V> = { field: string; old_value: V | null; new_value: V };

/** THE entry of a create and of a move, for all their variants. */
export const createdEntry = <V>(title: V): Entry<V> => ({
  field: 'created',
  old_value: null,
  new_value: title,
});
export const movedEntry = <V>(from: V, to: V): Entry<V> => ({
  field: 'moved',
  old_value: from,
  new_value: to,
});

/** An entry as the one row `logged` takes. */
export function entryValues(entry: Entry<unknown>): RawBuilder<unknown> {
  return sql`values (${sql.join(OWN_FIELDS.map((name) => sql`cast(${entry[name]} as text)`))})`;
}

/** The INSERTs of writeLogs, one per number of entries. */
const inserts = new PreparedShapes<Database, unknown>();

/** The INSERT of writeLogs (non-empty `changes`), for writes that run it themselves; compiled once per count. */
export function logsInsert(db: Db, user: UserRow, at: string, changes: LogChange[]): CompiledQuery {
  const fields = changes.flatMap((change) => ENTRY_FIELDS.map((name) => change[name]));
  // Arguments: the user's id and name, the time, then each entry's fields.
  return inserts.compiled(db, String(changes.length), [user.id, user.name, at, ...fields], (db, ...args) =>
    db
      .insertInto('task_logs')
      .values(
        changes.map((_, entry) =>
          logRow(
            Object.fromEntries(
              ENTRY_FIELDS.map((name, index) => [name, args[3 + entry * ENTRY_FIELDS.length + index]]),
            ) as Record<(typeof ENTRY_FIELDS)[number], unknown>,
            { id: args[0], name: args[1] },
            args[2],
          ),
        ) as never,
      ),
  );
}

/**
 * The INSERT of writeLogs as a WITH part of a one-step write's statement (PostgreSQL): logs `entries`
 * (field, old value, new value) for each row of the data-modifying part `written`, as `user` at `now`.
 */
export function logged(
  user: Pick<UserRow, 'id' | 'name'>,
  now: string,
  entries: RawBuilder<unknown>,
  written: 'created' | 'updated' | 'moved',
) {
  const own = Object.fromEntries(OWN_FIELDS.map((name) => [name, sql`entry.${sql.ref(name)}`]));
  const row = logRow(
    { task_id: sql`${sql.table(written)}.id`, ...own } as Record<(typeof ENTRY_FIELDS)[number], unknown>,
    user,
    now,
  );
  const names = (columns: readonly string[]) => sql.join(columns.map((column) => sql.ref(column)));
  return sql`logged as (
    insert into task_logs (${names(LOG_COLUMNS)})
    select ${sql.join(LOG_COLUMNS.map((column) => sql`${row[column]}`))}
    from ${sql.table(written)} cross join lateral (${entries}) as entry(${names(OWN_FIELDS)})
  )`;
}

/** Newest first. */
export function listLogs(db: Db, taskId: number): Promise<TaskLog[]> {
  return db.selectFrom('task_logs').selectAll().where('task_id', '=', taskId).orderBy('id', 'desc').execute();
}

/** How a value reads in the log: lists comma-joined, booleans and numbers as text. */
export function logValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}
