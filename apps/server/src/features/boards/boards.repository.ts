import type { Db } from '../../db/database.js';
import { PreparedQuery } from '../../lib/prepared-query.js';
import { boardProjects } from './board-projects.js';
import type { BoardRow, ColumnRow } from './boards.table.js';

// Prepared: every GET /api/boards/:id (304s included) runs these.
const boardVersionQuery = new PreparedQuery((db: Db, id: number) =>
  db.selectFrom('boards').select(['project_id', 'version']).where('id', '=', id),
);
const boardQuery = new PreparedQuery((db: Db, projectId: number, id: number) =>
  db.selectFrom('boards').selectAll().where('id', '=', id).where('project_id', '=', projectId),
);

/** The board's project and current version (a real-time join needs no more). */
export function findBoardVersion(
  db: Db,
  id: number,
): Promise<{ project_id: number; version: number } | undefined> {
  return boardVersionQuery.first(db, id);
}

/** For the access check: remembered once read (board-projects.ts), as a board never changes project. */
export async function projectIdOfBoard(db: Db, id: number): Promise<number | undefined> {
  const known = boardProjects.get(db, id);
  if (known !== undefined) return known;
  const projectId = (await boardVersionQuery.first(db, id))?.project_id;
  if (projectId !== undefined) boardProjects.remember(db, id, projectId);
  return projectId;
}

export function projectIdOfColumn(db: Db, id: number): Promise<number | undefined> {
  return db
    .selectFrom('columns')
    .innerJoin('boards', 'boards.id', 'columns.board_id')
    .select('boards.project_id')
    .where('columns.id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.project_id);
}

export function listBoards(db: Db, projectId: number): Promise<BoardRow[]> {
  return db
    .selectFrom('boards')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findBoard(db: Db, projectId: number, id: number): Promise<BoardRow | undefined> {
  return boardQuery.first(db, projectId, id);
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

/** A column with its board's project, so callers can check it belongs where they expect. */
export function findColumn(db: Db, id: number): Promise<(ColumnRow & { project_id: number }) | undefined> {
  return db
    .selectFrom('columns')
    .innerJoin('boards', 'boards.id', 'columns.board_id')
    .select(['columns.id', 'columns.board_id', 'columns.name', 'columns.position', 'boards.project_id'])
    .where('columns.id', '=', id)
    .executeTakeFirst();
}

/** findColumn for a few ids at once (missing ones are left out). */
export function findColumns(db: Db, ids: number[]): Promise<(ColumnRow & { project_id: number })[]> {
  return db
    .selectFrom('columns')
    .innerJoin('boards', 'boards.id', 'columns.board_id')
    .select(['columns.id', 'columns.board_id', 'columns.name', 'columns.position', 'boards.project_id'])
    .where('columns.id', 'in', [...new Set(ids)])
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
