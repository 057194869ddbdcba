import type { Insertable } from 'kysely';
import { chunks } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { BoardRow, BoardsTable, ColumnRow, ColumnsTable } from './boards.table.js';

export function listBoards(db: Db, projectId: number): Promise<BoardRow[]> {
  return db
    .selectFrom('boards')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Label ids offered by each board of the list (one query). */
export function listBoardLabels(
  db: Db,
  boardIds: number[],
): Promise<{ board_id: number; label_id: number }[]> {
  if (boardIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('board_labels')
    .select(['board_id', 'label_id'])
    .where('board_id', 'in', boardIds)
    .orderBy('label_id')
    .execute();
}

export async function replaceBoardLabels(db: Db, boardId: number, labelIds: number[]): Promise<void> {
  await db.deleteFrom('board_labels').where('board_id', '=', boardId).execute();
  if (labelIds.length > 0) {
    await db
      .insertInto('board_labels')
      .values(labelIds.map((label_id) => ({ board_id: boardId, label_id })))
      .execute();
  }
}

export async function nextBoardPosition(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('boards')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export function insertBoard(
  db: Db,
  board: Omit<BoardRow, 'id' | 'description' | 'version'> & { description: string },
): Promise<BoardRow> {
  return db.insertInto('boards').values(board).returningAll().executeTakeFirstOrThrow();
}

export function updateBoard(
  db: Db,
  id: number,
  changes: { name?: string; description?: string; position?: number; updated_at: string },
): Promise<BoardRow> {
  return db.updateTable('boards').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Columns, tasks and everything of the tasks go with it (ON DELETE CASCADE). */
export async function deleteBoard(db: Db, id: number): Promise<void> {
  await db.deleteFrom('boards').where('id', '=', id).execute();
}

export function listColumns(db: Db, boardId: number): Promise<ColumnRow[]> {
  return db
    .selectFrom('columns')
    .selectAll()
    .where('board_id', '=', boardId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function nextColumnPosition(db: Db, boardId: number): Promise<number> {
  const row = await db
    .selectFrom('columns')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export function insertColumn(db: Db, column: Omit<ColumnRow, 'id'>): Promise<ColumnRow> {
  return db.insertInto('columns').values(column).returningAll().executeTakeFirstOrThrow();
}

export function updateColumn(
  db: Db,
  id: number,
  changes: { name?: string; position?: number },
): Promise<ColumnRow> {
  return db.updateTable('columns').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteColumn(db: Db, id: number): Promise<void> {
  await db.deleteFrom('columns').where('id', '=', id).execute();
}

export function findColumnById(db: Db, id: number): Promise<ColumnRow | undefined> {
  return db.selectFrom('columns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Many boards in a few INSERTs; each one's id and position. */
export async function insertBoards(
  db: Db,
  boards: Insertable<BoardsTable>[],
): Promise<{ id: number; position: number }[]> {
  const inserted: { id: number; position: number }[] = [];
  for (const batch of chunks(boards))
    inserted.push(...(await db.insertInto('boards').values(batch).returning(['id', 'position']).execute()));
  return inserted;
}

/** Many columns in a few INSERTs. */
export async function insertColumns(db: Db, columns: Insertable<ColumnsTable>[]): Promise<void> {
  for (const batch of chunks(columns)) await db.insertInto('columns').values(batch).execute();
}
