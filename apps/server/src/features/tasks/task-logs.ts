import type { TaskLog } from '@teamboard/contract';
import type { CompiledQuery } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { PreparedShapes } from '../../lib/prepared-query.js';
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

/** The INSERTs of writeLogs, one per number of entries. */
const inserts = new PreparedShapes<Database, unknown>();

/** The INSERT of writeLogs (non-empty `changes`), for writes that run it themselves; compiled once per count. */
export function logsInsert(db: Db, user: UserRow, at: string, changes: LogChange[]): CompiledQuery {
  const fields = changes.flatMap((change) => ENTRY_FIELDS.map((name) => change[name]));
  // Arguments: the user's id and name, the time, then each entry's fields.
  return inserts.compiled(db, String(changes.length), [user.id, user.name, at, ...fields], (db, ...args) =>
    db.insertInto('task_logs').values(
      changes.map((_, entry) => ({
        ...Object.fromEntries(ENTRY_FIELDS.map((name, index) => [name, args[3 + entry * 4 + index]])),
        user_id: args[0],
        user_name: args[1],
        created_at: args[2],
      })) as never,
    ),
  );
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
