import type { Db } from '../../db/database.js';

/**
 * The board detail's version (its ETag). Every write that changes what GET /api/boards/:id
 * returns calls one of these inside its transaction, as its last statement (PostgreSQL: the board
 * row lock is then always taken after any column or task lock, so no lock-order deadlock).
 */
export async function bumpBoardVersion(db: Db, boardId: number): Promise<void> {
  await db
    .updateTable('boards')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', boardId)
    .execute();
}

/** For a change to a task or to something it counts (hours, comments, checklist, files). */
export async function bumpBoardOfTask(db: Db, taskId: number): Promise<void> {
  await db
    .updateTable('boards')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', (eb) => eb.selectFrom('tasks').select('tasks.board_id').where('tasks.id', '=', taskId))
    .execute();
}

/** For project-wide changes every board shows (the project labels). */
export async function bumpProjectBoards(db: Db, projectId: number): Promise<void> {
  await db
    .updateTable('boards')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('project_id', '=', projectId)
    .execute();
}
