import type { TaskLog } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
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
  await logsInsert(db, user, at, changes).execute();
}

/** The INSERT of writeLogs (non-empty `changes`), for writes that run it themselves. */
export function logsInsert(db: Db, user: UserRow, at: string, changes: LogChange[]) {
  return db
    .insertInto('task_logs')
    .values(changes.map((change) => ({ ...change, user_id: user.id, user_name: user.name, created_at: at })));
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
