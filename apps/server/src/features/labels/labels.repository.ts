import type { Db } from '../../db/database.js';
import type { LabelRow } from './labels.table.js';

export function projectIdOfLabel(db: Db, id: number): Promise<number | undefined> {
  return db
    .selectFrom('labels')
    .select('project_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.project_id);
}

export function listLabels(db: Db, projectId: number): Promise<LabelRow[]> {
  return db.selectFrom('labels').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

export function findLabel(db: Db, projectId: number, id: number): Promise<LabelRow | undefined> {
  return db
    .selectFrom('labels')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** How many of `ids` are labels of the project (to validate a task's or a board's label list). */
export async function countProjectLabels(db: Db, projectId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('labels')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertLabel(
  db: Db,
  label: { project_id: number; name: string; color: string },
): Promise<LabelRow> {
  return db.insertInto('labels').values(label).returningAll().executeTakeFirstOrThrow();
}

export function updateLabel(
  db: Db,
  id: number,
  changes: { name?: string; color?: string },
): Promise<LabelRow> {
  return db.updateTable('labels').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Its links to tasks and boards go with it (ON DELETE CASCADE). */
export async function deleteLabel(db: Db, id: number): Promise<void> {
  await db.deleteFrom('labels').where('id', '=', id).execute();
}
