import { sql } from 'kysely';
import type { BoardEventDraft, RealtimePublisher } from '../realtime/publisher.js';
import type { Db } from '../db/database.js';
import { PreparedQuery } from '../lib/prepared-query.js';

/**
 * The board detail's version: its ETag and its real-time sequence number (every change is one
 * event carrying the new version). Every write that changes what GET /api/boards/:id returns calls
 * one of these inside its transaction, as its last statement (PostgreSQL: the board row lock is
 * then always taken after any column or task lock, so no lock-order deadlock).
 */
export async function bumpBoardVersion(db: Db, boardId: number): Promise<number> {
  const [row] = (await db.executeQuery(boardVersionBump(db, boardId))).rows;
  if (!row) throw new Error(`board ${boardId} not found for its version bump`);
  return row.version;
}

// Prepared (lib/prepared-query.ts): nearly every board write runs it.
const bumpQuery = new PreparedQuery((db: Db, boardId: number) =>
  db
    .updateTable('boards')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', boardId)
    .returning('version'),
);

/** The statement of bumpBoardVersion, for writes that run it themselves (db/sqlite-direct.ts). */
export function boardVersionBump(db: Db, boardId: number) {
  return bumpQuery.compiled(db, boardId);
}

/**
 * The version bump as the last WITH part of a one-step write's statement (PostgreSQL): bumps the
 * board of the task the data-modifying part `written` wrote (the board row: the last lock taken).
 */
export function boardVersionBumped(written: string) {
  return sql`bumped as (
    update boards set version = version + 1 where id in (select board_id from ${sql.table(written)})
    returning version
  )`;
}

/** For a change to a task or to something it counts (hours, comments, checklist, files). */
export async function bumpBoardOfTask(db: Db, taskId: number): Promise<{ boardId: number; version: number }> {
  const row = await db
    .updateTable('boards')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', (eb) => eb.selectFrom('tasks').select('tasks.board_id').where('tasks.id', '=', taskId))
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return { boardId: row.id, version: row.version };
}

/** For project-wide changes every board shows (the project labels). */
export async function bumpProjectBoards(
  db: Db,
  projectId: number,
): Promise<{ id: number; version: number }[]> {
  const rows = await db
    .updateTable('boards')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('project_id', '=', projectId)
    .returning(['id', 'version'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Runs `work` in one transaction; the board events it collected are published only once that
 * transaction has committed (a rolled-back change is never announced).
 */
export async function transactWithEvents<T>(
  db: Db,
  realtime: RealtimePublisher,
  work: (trx: Db, events: BoardEventDraft[]) => Promise<T>,
): Promise<T> {
  const events: BoardEventDraft[] = [];
  const result = await db.transaction().execute((trx) => work(trx, events));
  for (const event of events) realtime.board(event);
  return result;
}
