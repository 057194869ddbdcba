import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { directTransaction, type DirectStatements } from '../../db/sqlite-direct.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../users/users.js';
import { relatedOfTasksQuery, type RelatedRow } from '../../board-content/card-related.js';
import { DETAIL_RETURNING, detailFromAnswers } from '../../board-content/card-statements.js';
import { DETAIL_COLUMNS } from '../../board-content/cards.js';
import { activityRow } from '../activity/activity.service.js';
import { scalarChanges } from './task-changes.js';
import { logsInsert, type LogChange } from './task-logs.js';
import type { CreateRequest, UpdateRequest, WrittenTask } from './task-writes-pipelined.js';
import type { TaskRow } from './tasks.table.js';

/**
 * Task writes on SQLite in one synchronous transaction each (db/sqlite-direct.ts), beside their
 * ordinary transactions in tasks.service.ts, which stay the reference for what they do, and beside
 * their PostgreSQL twins in task-writes-pipelined.ts, whose answers they give. Null where there is
 * no direct connection (PostgreSQL) or where the ordinary write must decide.
 */

/** A new task at the end of its column; `undefined` when the column is not the project's (404). */
export async function directCreate(
  db: Db,
  { user, projectId, columnId, title, now }: CreateRequest,
): Promise<WrittenTask | null | undefined> {
  const written = await directTransaction(db, (statements) => {
    const column = statements.first<{ id: number; board_id: number }>(
      sql`select columns.id, columns.board_id from columns join boards on boards.id = columns.board_id
        where columns.id = ${columnId} and boards.project_id = ${projectId}`.compile(db),
    );
    if (!column) return 'not found' as const;
    const task = statements.first<TaskRow>(
      sql`insert into tasks (column_id, board_id, project_id, title, position, created_by, created_at, updated_at)
        values (${column.id}, ${column.board_id}, ${projectId}, ${title},
          coalesce((select max(position) from tasks where column_id = ${column.id}), 0) + 1,
          ${user.id}, ${now}, ${now})
        returning ${DETAIL_RETURNING}`.compile(db),
    )!;
    const seq = logAndBump(db, statements, user, now, task.board_id, [
      { task_id: task.id, field: 'created', old_value: null, new_value: task.title },
    ]);
    // A new task has no assignees, labels, comments or files yet: nothing more to read.
    return { detail: detailFromAnswers(task, null), seq };
  });
  return written === 'not found' ? undefined : written;
}

/**
 * An update of the task's own fields (isScalarOnly input): read it, update, log, record a
 * completion, bump, read the card's related rows. Null (the ordinary update) when nothing changes.
 */
export async function directUpdate(db: Db, request: UpdateRequest): Promise<WrittenTask | null> {
  const { user, project, taskId, input, now } = request;
  return directTransaction(db, (statements) => {
    const task = statements.first<TaskRow>(
      sql`select ${DETAIL_RETURNING} from tasks where id = ${taskId} and project_id = ${project.id}`.compile(
        db,
      ),
    );
    if (!task) throw new AppError('NOT_FOUND');
    const { changes, logs } = scalarChanges(task, input, now);
    if (logs.length === 0) return null;
    const updated = statements.first<TaskRow>(
      db.updateTable('tasks').set(changes).where('id', '=', task.id).returning(DETAIL_COLUMNS).compile(),
    )!;
    if (changes.completed === 1) {
      const completion = activityRow({
        kind: 'task.completed',
        actor: user,
        project,
        subject: { userId: null, name: updated.title },
        at: now,
      });
      statements.run(db.insertInto('activities').values(completion).compile());
    }
    const seq = logAndBump(db, statements, user, now, updated.board_id, logs);
    const related = statements.all<RelatedRow>(relatedOfTasksQuery([task.id]).compile(db));
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
  statements.run(logsInsert(db, user, now, logs).compile());
  return statements.first<{ version: number }>(
    sql`update boards set version = version + 1 where id = ${boardId} returning version`.compile(db),
  )!.version;
}
