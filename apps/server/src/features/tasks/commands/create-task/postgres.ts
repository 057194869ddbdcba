import { sql } from 'kysely';
import { boardVersionBumped } from '../../../../board-content/board-versions.js';
import { DETAIL_SELECT, detailFromAnswers } from '../../../../board-content/card-statements.js';
import type { Db } from '../../../../db/database.js';
import type { PostgresPipeline } from '../../../../db/one-step.js';
import { AppError } from '../../../../lib/app-error.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import { createdEntry, entryValues, logged } from '../../task-logs.js';
import { endOfColumnPosition } from '../placement.js';
import type { Versioned, WrittenTask } from '../written.js';
import type { CreateRequest } from './index.js';

/**
 * The create on PostgreSQL in one round trip (db/pipeline.ts): lock the column, then one statement
 * that inserts, logs and bumps. A column that is not the project's inserts nothing: 404.
 */
export async function pipelinedCreate(
  db: Db,
  pipeline: PostgresPipeline,
  request: CreateRequest,
): Promise<WrittenTask> {
  const { user, projectId, columnId, title, now } = request;
  const results = await pipeline.transaction([
    lockProjectColumnQuery.compiled(db, columnId, projectId),
    createQuery.compiled(db, columnId, projectId, title, user.id, user.name, now),
  ]);
  const row = results[1]!.rows[0] as Versioned | undefined;
  if (!row) throw new AppError('NOT_FOUND');
  // A new task has no assignees, labels, comments or files yet: nothing more to read.
  return { detail: detailFromAnswers(row, null), seq: row.version };
}

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const lockProjectColumnQuery = new PreparedQuery(
  (_db: Db, columnId: number, projectId: number) =>
    sql`select columns.id from columns join boards on boards.id = columns.board_id
      where columns.id = ${columnId} and boards.project_id = ${projectId} for update of columns`,
);

const createQuery = new PreparedQuery(
  (
    _db: Db,
    columnId: number,
    projectId: number,
    title: string,
    userId: number,
    userName: string,
    now: string,
  ) =>
    sql<Versioned>`
      with target as (
        select columns.id, columns.board_id from columns join boards on boards.id = columns.board_id
        where columns.id = ${columnId} and boards.project_id = ${projectId}
      ),
      created as (
        insert into tasks (column_id, board_id, project_id, title, position, created_by, created_at, updated_at)
        select target.id, target.board_id, ${projectId}, ${title}, ${endOfColumnPosition(columnId)},
          ${userId}, ${now}, ${now}
        from target
        returning ${DETAIL_SELECT}
      ),
      ${logged({ id: userId, name: userName }, now, entryValues(createdEntry(sql`created.title`)), 'created')},
      ${boardVersionBumped('created')}
      select created.*, bumped.version from created, bumped`,
);
