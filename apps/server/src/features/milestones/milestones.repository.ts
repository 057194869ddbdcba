import type { Insertable } from 'kysely';
import { chunks } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { MilestoneRow, MilestonesTable } from './milestones.table.js';

export interface MilestoneChanges {
  name?: string;
  start_date?: string;
  deadline?: string;
  sprint?: number;
}

export function listMilestones(db: Db, projectId: number): Promise<MilestoneRow[]> {
  return db
    .selectFrom('milestones')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

export function findMilestone(db: Db, projectId: number, id: number): Promise<MilestoneRow | undefined> {
  return db
    .selectFrom('milestones')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export function insertMilestone(
  db: Db,
  milestone: Required<MilestoneChanges> & { project_id: number; created_at: string },
): Promise<MilestoneRow> {
  return db.insertInto('milestones').values(milestone).returningAll().executeTakeFirstOrThrow();
}

export function updateMilestone(db: Db, id: number, changes: MilestoneChanges): Promise<MilestoneRow> {
  return db
    .updateTable('milestones')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function isMilestoneUsed(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('tasks')
    .select('id')
    .where('milestone_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteMilestone(db: Db, id: number): Promise<void> {
  await db.deleteFrom('milestones').where('id', '=', id).execute();
}

/** Many milestones in a few INSERTs. */
export async function insertMilestones(db: Db, milestones: Insertable<MilestonesTable>[]): Promise<void> {
  for (const batch of chunks(milestones)) await db.insertInto('milestones').values(batch).execute();
}
