import { sql } from 'kysely';
import { DETAIL_RETURNING, detailFromAnswers } from '../../../../board-content/card-statements.js';
import type { Db } from '../../../../db/database.js';
import type { SqliteDirect } from '../../../../db/sqlite-direct.js';
import { AppError } from '../../../../lib/app-error.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import type { TaskRow } from '../../tasks.table.js';
import { endOfColumnPosition } from '../placement.js';
import { createdEntry } from '../../task-logs.js';
import { logAndBump, type WrittenTask } from '../written.js';
import type { CreateRequest } from './index.js';

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const projectColumnQuery = new PreparedQuery(
  (_db: Db, columnId: number, projectId: number) =>
    sql<{ id: number; board_id: number }>`select columns.id, columns.board_id from columns
      join boards on boards.id = columns.board_id
      where columns.id = ${columnId} and boards.project_id = ${projectId}`,
);

const insertTaskQuery = new PreparedQuery(
  (
    _db: Db,
    columnId: number,
    boardId: number,
    projectId: number,
    title: string,
    userId: number,
    now: string,
  ) =>
    sql<TaskRow>`insert into tasks (column_id, board_id, project_id, title, position, created_by, created_at, updated_at)
      values (${columnId}, ${boardId}, ${projectId}, ${title}, ${endOfColumnPosition(columnId)},
        ${userId}, ${now}, ${now})
      returning ${DETAIL_RETURNING}`,
);

/** The create on SQLite in one synchronous transaction (db/sqlite-direct.ts), step for step ordinary.ts. */
export function directCreate(
  db: Db,
  direct: SqliteDirect,
  { user, projectId, columnId, title, now }: CreateRequest,
): Promise<WrittenTask> {
  return direct.transaction((statements) => {
    const column = statements.first(projectColumnQuery.compiled(db, columnId, projectId));
    if (!column) throw new AppError('NOT_FOUND');
    const task = statements.first(
      insertTaskQuery.compiled(db, column.id, column.board_id, projectId, title, user.id, now),
    )!;
    const seq = logAndBump(db, statements, user, now, task.board_id, [
      { task_id: task.id, ...createdEntry(task.title) },
    ]);
    // A new task has no assignees, labels, comments or files yet: nothing more to read.
    return { detail: detailFromAnswers(task, null), seq };
  });
}
