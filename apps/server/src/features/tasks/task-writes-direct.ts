import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { DirectStatements, SqliteDirect } from '../../db/sqlite-direct.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../users/users.js';
import { PreparedQuery, PreparedShapes } from '../../lib/prepared-query.js';
import { relatedOfTask, type RelatedRow } from '../../board-content/card-related.js';
import { boardVersionBump } from '../../board-content/board-versions.js';
import { DETAIL_RETURNING, detailFromAnswers } from '../../board-content/card-statements.js';
import { DETAIL_COLUMNS } from '../../board-content/cards.js';
import { activityInsert } from '../activity/activity.service.js';
import { scalarChanges } from './task-changes.js';
import { logsInsert, type LogChange } from './task-logs.js';
import type { TaskChanges } from './tasks.repository.js';
import type { CreateRequest, UpdateRequest, WrittenTask } from './task-writes-pipelined.js';
import type { TaskRow } from './tasks.table.js';

/**
 * Task writes on SQLite in one synchronous transaction each (db/sqlite-direct.ts), beside their
 * ordinary transactions in tasks.service.ts, which stay the reference for what they do, and beside
 * their PostgreSQL twins in task-writes-pipelined.ts, whose answers they give. Null where there is
 * no direct connection (PostgreSQL) or where the ordinary write must decide.
 */

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
      values (${columnId}, ${boardId}, ${projectId}, ${title},
        coalesce((select max(position) from tasks where column_id = ${columnId}), 0) + 1,
        ${userId}, ${now}, ${now})
      returning ${DETAIL_RETURNING}`,
);

const projectTaskQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number) =>
    sql<TaskRow>`select ${DETAIL_RETURNING} from tasks where id = ${taskId} and project_id = ${projectId}`,
);

/** The UPDATEs of directUpdate, one per list of changed columns. */
const taskUpdates = new PreparedShapes<Database, TaskRow>();

function taskUpdate(db: Db, taskId: number, changes: TaskChanges) {
  const columns = Object.keys(changes) as (keyof TaskChanges)[];
  const args = [taskId, ...columns.map((column) => changes[column])];
  return taskUpdates.compiled(db, columns.join(','), args, (db, id, ...values) =>
    db
      .updateTable('tasks')
      .set(Object.fromEntries(columns.map((column, index) => [column, values[index]])))
      .where('id', '=', id as number)
      .returning(DETAIL_COLUMNS),
  );
}

/** A new task at the end of its column; 404 when the column is not the project's. */
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
      { task_id: task.id, field: 'created', old_value: null, new_value: task.title },
    ]);
    // A new task has no assignees, labels, comments or files yet: nothing more to read.
    return { detail: detailFromAnswers(task, null), seq };
  });
}

/**
 * An update of the task's own fields (isScalarOnly input): read it, update, log, record a
 * completion, bump, read the card's related rows. Null (the ordinary update) when nothing changes.
 */
export function directUpdate(
  db: Db,
  direct: SqliteDirect,
  request: UpdateRequest,
): Promise<WrittenTask | null> {
  const { user, project, taskId, input, now } = request;
  return direct.transaction((statements) => {
    const task = statements.first(projectTaskQuery.compiled(db, taskId, project.id));
    if (!task) throw new AppError('NOT_FOUND');
    const { changes, logs } = scalarChanges(task, input, now);
    if (logs.length === 0) return null;
    const updated = statements.first(taskUpdate(db, task.id, changes))!;
    if (changes.completed === 1) {
      statements.run(
        activityInsert(db, {
          kind: 'task.completed',
          actor: user,
          project,
          subject: { userId: null, name: updated.title },
          at: now,
        }),
      );
    }
    const seq = logAndBump(db, statements, user, now, updated.board_id, logs);
    const related = statements.all<RelatedRow>(relatedOfTask(db, task.id));
    return { detail: detailFromAnswers(updated, { rows: related }), seq };
  });
}

/** A task write's log entries, then its board's version bump (the last write, as everywhere). */
export function logAndBump(
  db: Db,
  statements: DirectStatements,
  user: UserRow,
  now: string,
  boardId: number,
  logs: LogChange[],
): number {
  statements.run(logsInsert(db, user, now, logs));
  return statements.first(boardVersionBump(db, boardId))!.version;
}
