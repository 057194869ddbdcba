import type { Db } from '../../db/database.js';
import type { HourRow } from './hours.table.js';

export type HourRecord = HourRow & { user_name: string };

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

export function insertHour(db: Db, hour: Omit<HourRow, 'id'>): Promise<HourRow> {
  return db.insertInto('hours').values(hour).returningAll().executeTakeFirstOrThrow();
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
