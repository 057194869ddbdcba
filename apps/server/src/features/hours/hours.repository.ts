import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import type { HourRow } from './hours.table.js';

export type HourRecord = HourRow & { user_name: string };

export function projectIdOfHour(db: Db, id: number): Promise<number | undefined> {
  return db
    .selectFrom('hours')
    .select('project_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.project_id);
}

function withUser(db: Db) {
  return db
    .selectFrom('hours')
    .innerJoin('users', 'users.id', 'hours.user_id')
    .selectAll('hours')
    .select('users.name as user_name');
}

export function listHours(db: Db, taskId: number): Promise<HourRecord[]> {
  return withUser(db)
    .where('hours.task_id', '=', taskId)
    .orderBy('hours.date', 'desc')
    .orderBy('hours.id', 'desc')
    .execute();
}

export function findHour(db: Db, projectId: number, id: number): Promise<HourRecord | undefined> {
  return withUser(db).where('hours.id', '=', id).where('hours.project_id', '=', projectId).executeTakeFirst();
}

export async function insertHour(db: Db, hour: Omit<HourRow, 'id'>): Promise<number> {
  const row = await db.insertInto('hours').values(hour).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHour(
  db: Db,
  id: number,
  changes: { hours?: number; date?: string; updated_at: string },
) {
  await db.updateTable('hours').set(changes).where('id', '=', id).execute();
}

export async function deleteHour(db: Db, id: number): Promise<void> {
  await db.deleteFrom('hours').where('id', '=', id).execute();
}

/**
 * PostgreSQL: lock the task row so that concurrent reports on one task recompute its total one
 * after the other (each sum then sees the other's committed row). SQLite serializes writes anyway.
 */
export async function lockTask(db: Db, taskId: number): Promise<void> {
  if (isSqlite(db)) return;
  await db.selectFrom('tasks').select('id').where('id', '=', taskId).forUpdate().execute();
}

/** total_hours := the sum of the task's hours (same transaction as the change). */
export async function refreshTotal(db: Db, taskId: number): Promise<void> {
  const row = await db
    .selectFrom('hours')
    .select((eb) => eb.fn.sum<number | string | null>('hours').as('total'))
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  const total = Math.round(Number(row?.total ?? 0) * 100) / 100;
  await db.updateTable('tasks').set({ total_hours: total }).where('id', '=', taskId).execute();
}
