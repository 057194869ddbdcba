import type { TaskLog } from '@teamboard/contract';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import { PreparedQuery, PreparedShapes } from '../../lib/prepared-query.js';
import type { UserRow } from '../../users/users.js';

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

const ENTRY_FIELDS = ['task_id', 'field', 'old_value', 'new_value'] as const;

/** The INSERT of `count` entries: its arguments are the user's id and name, the time, then each entry's fields. */
const inserts = new PreparedShapes((count: string) => {
  const entries = Number(count);
  return new PreparedQuery(
    (db: Db, userId: unknown, userName: unknown, at: unknown, ...fields: unknown[]) =>
      db.insertInto('task_logs').values(
        Array.from({ length: entries }, (_, entry) => ({
          ...Object.fromEntries(ENTRY_FIELDS.map((name, index) => [name, fields[entry * 4 + index]])),
          user_id: userId,
          user_name: userName,
          created_at: at,
        })) as never,
      ),
    3 + entries * ENTRY_FIELDS.length,
  );
});

/** The INSERT of writeLogs (non-empty `changes`), for writes that run it themselves; compiled once per count. */
export function logsInsert(db: Db, user: UserRow, at: string, changes: LogChange[]): CompiledQuery {
  const fields = changes.flatMap((change) => ENTRY_FIELDS.map((name) => change[name]));
  return inserts.compiled(db, String(changes.length), user.id, user.name, at, ...fields);
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
