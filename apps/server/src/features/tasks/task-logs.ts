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

/** The columns of a task_logs row, in the order both inserts below list them. */
const LOG_COLUMNS = [
  'task_id',
  'field',
  'old_value',
  'new_value',
  'user_id',
  'user_name',
  'created_at',
] as const satisfies readonly (keyof TaskLogsTable)[];

const ENTRY_FIELDS = ['task_id', 'field', 'old_value', 'new_value'] as const;

/**
 * THE row of a log entry: the entry, who wrote it and when. Both inserts take their values from it,
 * as plain values (logsInsert) or as SQL expressions over a statement's rows (logged).
 */
function logRow<V>(entry: Record<(typeof ENTRY_FIELDS)[number], V>, user: { id: V; name: V }, at: V) {
  const row = { ...entry, user_id: user.id, user_name: user.name, created_at: at };
  return Object.fromEntries(LOG_COLUMNS.map((column) => [column, row[column]])) as Record<
    (typeof LOG_COLUMNS)[number],
    V
  >;
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
export function entryValues({ field, old_value, new_value }: Entry<unknown>): RawBuilder<unknown> {
  return sql`values (${sql.join([field, old_value, new_value].map((value) => sql`cast(${value} as text)`))})`;
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
  const entry = (name: string) => sql`entry.${sql.ref(name)}`;
  const row = logRow<unknown>(
    {
      task_id: sql`${sql.table(written)}.id`,
      field: entry('field'),
      old_value: entry('old_value'),
      new_value: entry('new_value'),
    },
    user,
    now,
  );
  return sql`logged as (
    insert into task_logs (${sql.join(LOG_COLUMNS.map((column) => sql.ref(column)))})
    select ${sql.join(LOG_COLUMNS.map((column) => sql`${row[column]}`))}
    from ${sql.table(written)} cross join lateral (${entries}) as entry(field, old_value, new_value)
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
