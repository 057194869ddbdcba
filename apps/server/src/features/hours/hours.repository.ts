import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import { PreparedQuery } from '../../lib/prepared-query.js';
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

type NewHour = Omit<HourRow, 'id'>;

const HOUR_FIELDS = [
  'task_id',
  'project_id',
  'user_id',
  'hours',
  'date',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewHour)[];

// Prepared (lib/prepared-query.ts): every hour report runs it, ordinary or one-step (SQLite).
const insertHourQuery = new PreparedQuery(
  (db: Db, ...values: unknown[]) =>
    db
      .insertInto('hours')
      .values(Object.fromEntries(HOUR_FIELDS.map((field, index) => [field, values[index]])) as NewHour)
      .returningAll(),
  HOUR_FIELDS.length,
);

/** The INSERT of insertHour, for writes that run it themselves (db/sqlite-direct.ts). */
export function hourInsert(db: Db, hour: NewHour): CompiledQuery<HourRow> {
  return insertHourQuery.compiled(db, ...HOUR_FIELDS.map((field) => hour[field]));
}

export async function insertHour(db: Db, hour: NewHour): Promise<HourRow> {
  return (await db.executeQuery(hourInsert(db, hour))).rows[0]!;
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
