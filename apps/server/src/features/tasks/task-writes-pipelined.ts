import type { TaskDetail } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { canPipeline, pipelinedTransaction, preparedQuery } from '../../db/pipeline.js';
import { relatedOfTasksQuery } from '../../board-content/card-related.js';
import { DETAIL_SELECT, detailFromAnswers } from '../../board-content/card-statements.js';
import type { UserRow } from '../../users/users.js';
import type { LogChange } from './task-logs.js';
import { bumped, logged } from './task-statement-parts.js';
import type { TaskChanges } from './tasks.repository.js';
import type { TaskRow } from './tasks.table.js';

/**
 * Task writes on PostgreSQL in one round trip each (db/pipeline.ts), beside their ordinary
 * transactions in tasks.service.ts, which stay the reference for what they do. Null where there is
 * no pipeline (SQLite) or where the ordinary write must decide.
 */

export interface WrittenTask {
  detail: TaskDetail;
  seq: number;
}

type Versioned = TaskRow & { version: number };

export interface CreateRequest {
  user: UserRow;
  projectId: number;
  columnId: number;
  title: string;
  now: string;
}

/**
 * A new task at the end of its column: lock the column, then one statement that inserts, logs and
 * bumps. A column that is not the project's inserts nothing: `undefined` (404).
 */
export async function pipelinedCreate(
  db: Db,
  request: CreateRequest,
): Promise<WrittenTask | null | undefined> {
  if (!canPipeline(db)) return null;
  const { user, projectId, columnId, title, now } = request;
  const projectColumn = sql`columns.id = ${columnId} and boards.project_id = ${projectId}`;
  const results = await pipelinedTransaction(db, [
    sql`select columns.id from columns join boards on boards.id = columns.board_id
      where ${projectColumn} for update of columns`.compile(db),
    sql<Versioned>`
      with target as (
        select columns.id, columns.board_id from columns join boards on boards.id = columns.board_id
        where ${projectColumn}
      ),
      created as (
        insert into tasks (column_id, board_id, project_id, title, position, created_by, created_at, updated_at)
        select target.id, target.board_id, ${projectId}, ${title},
          coalesce((select max(position) from tasks where column_id = ${columnId}), 0) + 1,
          ${user.id}, ${now}, ${now}
        from target
        returning ${DETAIL_SELECT}
      ),
      ${logged(user, now, sql`values ('created', cast(null as text), created.title)`, 'created')},
      ${bumped('created')}
      select created.*, bumped.version from created, bumped`.compile(db),
  ]);
  const row = results![1]!.rows[0] as Versioned | undefined;
  // A new task has no assignees, labels, comments or files yet: nothing more to read.
  return row && { detail: detailFromAnswers(row, null), seq: row.version };
}

/**
 * An update of the task's own columns (`changes`, `logs` from task-changes.ts, computed from `task`
 * as read just before): one statement that updates, logs, records a completion and bumps, then the
 * card's related rows. It updates nothing if the task changed since it was read (its `updated_at`
 * moved): null, and the ordinary update reads and decides again.
 */
export async function pipelinedUpdate(
  db: Db,
  request: {
    user: UserRow;
    project: { id: number; name: string };
    task: TaskRow;
    changes: TaskChanges;
    logs: LogChange[];
    now: string;
  },
): Promise<WrittenTask | null> {
  if (!canPipeline(db) || request.logs.length === 0) return null;
  const { user, project, task, changes, logs, now } = request;
  const assignments = Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const entries = sql.join(
    logs.map(
      (log) =>
        sql`(cast(${log.field} as text), cast(${log.old_value} as text), cast(${log.new_value} as text))`,
    ),
  );
  const completion =
    changes.completed === 1
      ? sql`, completion as (
          insert into activities (kind, actor_id, actor_name, project_id, project_name, subject_user_id,
            subject_name, role, created_at)
          select 'task.completed', ${user.id}, ${user.name}, ${project.id}, ${project.name}, null,
            updated.title, null, ${now}
          from updated
        )`
      : sql``;
  const results = await pipelinedTransaction(db, [
    sql<Versioned>`
      with updated as (
        update tasks set ${sql.join(assignments)}
        where tasks.id = ${task.id} and tasks.project_id = ${project.id} and tasks.updated_at = ${task.updated_at}
        returning ${DETAIL_SELECT}
      ),
      ${logged(user, now, sql`values ${entries}`, 'updated')}${completion},
      ${bumped('updated')}
      select updated.*, bumped.version from updated, bumped`.compile(db),
    relatedOfTasksQuery([task.id]).compile(db),
  ]);
  const row = results![0]!.rows[0] as Versioned | undefined;
  return row ? { detail: detailFromAnswers(row, results![1]!), seq: row.version } : null;
}

/** The task a pipelined update starts from, by a prepared statement (null: no pipeline here). */
export async function taskToUpdate(
  db: Db,
  projectId: number,
  taskId: number,
): Promise<TaskRow | undefined | null> {
  const result = await preparedQuery(
    db,
    sql`select ${DETAIL_SELECT} from tasks where tasks.id = ${taskId} and tasks.project_id = ${projectId}`.compile(
      db,
    ),
  );
  return result && (result.rows[0] as TaskRow | undefined);
}
