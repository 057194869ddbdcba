import { sql } from 'kysely';
import { relatedOfTask, type RelatedRow } from '../../../../board-content/card-related.js';
import { DETAIL_RETURNING, detailFromAnswers } from '../../../../board-content/card-statements.js';
import { DETAIL_COLUMNS } from '../../../../board-content/cards.js';
import type { Database, Db } from '../../../../db/database.js';
import type { SqliteDirect } from '../../../../db/sqlite-direct.js';
import { AppError } from '../../../../lib/app-error.js';
import { PreparedQuery, PreparedShapes } from '../../../../lib/prepared-query.js';
import { activityInsert } from '../../../activity/activity.service.js';
import type { TaskChanges } from '../../tasks.repository.js';
import type { TaskRow } from '../../tasks.table.js';
import { logAndBump, type WrittenTask } from '../written.js';
import { scalarChanges } from './fields.js';
import type { UpdateRequest } from './index.js';

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
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

/**
 * An update of the task's own columns on SQLite in one synchronous transaction (db/sqlite-direct.ts),
 * step for step ordinary.ts: read it, update, log, record a completion, bump, read the card's
 * related rows. Null (the ordinary update) when nothing changes.
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
      const subject = { userId: null, name: updated.title };
      statements.run(activityInsert(db, { kind: 'task.completed', actor: user, project, subject, at: now }));
    }
    const seq = logAndBump(db, statements, user, now, updated.board_id, logs);
    const related = statements.all<RelatedRow>(relatedOfTask(db, task.id));
    return { detail: detailFromAnswers(updated, { rows: related }), seq };
  });
}
