import type { Insertable } from 'kysely';
import { chunks } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { LabelRow, LabelsTable } from './labels.table.js';

export function findLabel(db: Db, projectId: number, id: number): Promise<LabelRow | undefined> {
  return db
    .selectFrom('labels')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** How many of `ids` are labels of the project (to validate a task's or a board's label list). */
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

/** Many labels in a few INSERTs. */
export async function insertLabels(db: Db, labels: Insertable<LabelsTable>[]): Promise<void> {
  for (const batch of chunks(labels)) await db.insertInto('labels').values(batch).execute();
}
