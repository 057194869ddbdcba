import type { Db } from '../../db/database.js';
import type { ChecklistItemRow } from './checklists.table.js';

export function listItems(db: Db, taskId: number): Promise<ChecklistItemRow[]> {
  return db
    .selectFrom('checklist_items')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findItem(db: Db, projectId: number, id: number): Promise<ChecklistItemRow | undefined> {
  return db
    .selectFrom('checklist_items')
    .innerJoin('tasks', 'tasks.id', 'checklist_items.task_id')
    .selectAll('checklist_items')
    .where('checklist_items.id', '=', id)
    .where('tasks.project_id', '=', projectId)
    .executeTakeFirst();
}

export async function nextPosition(db: Db, taskId: number): Promise<number> {
  const row = await db
    .selectFrom('checklist_items')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export function insertItem(db: Db, item: Omit<ChecklistItemRow, 'id'>): Promise<ChecklistItemRow> {
  return db.insertInto('checklist_items').values(item).returningAll().executeTakeFirstOrThrow();
}

export function updateItem(
  db: Db,
  id: number,
  changes: Partial<Pick<ChecklistItemRow, 'text' | 'status' | 'position'>>,
): Promise<ChecklistItemRow> {
  return db
    .updateTable('checklist_items')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteItem(db: Db, id: number): Promise<void> {
  await db.deleteFrom('checklist_items').where('id', '=', id).execute();
}
