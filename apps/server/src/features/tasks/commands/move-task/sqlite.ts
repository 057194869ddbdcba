import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../../../../db/database.js';
import type { DirectStatements, SqliteDirect } from '../../../../db/sqlite-direct.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import { between } from '../../../../lib/sort-keys.js';
import { relatedFromRows, relatedOfTask, type RelatedRow } from '../../../../board-content/card-related.js';
import { CARD_RETURNING } from '../../../../board-content/card-statements.js';
import { toSummary, type CardRow } from '../../../../board-content/cards.js';
import { movedEntry } from '../../task-logs.js';
import { logAndBump } from '../written.js';
import type { MovedCard, MoveRequest } from './index.js';
import { lastKeyQuery, type Slot } from './ordinary.js';

/**
 * A move on SQLite in one synchronous transaction (db/sqlite-direct.ts), step for step the ordinary
 * move (ordinary.ts), which stays the reference: read the column and the task,
 * place by probing the neighbours as lib/sort-keys.ts would, update, log, bump, read the card. It
 * moves nothing unless the task is the project's, the column is on the task's board, the named
 * neighbours are in that column and a key fits between them: then the answer is null and the
 * ordinary move says what was wrong (404, 422) or renumbers a crowded column.
 */
export function directMove(db: Db, direct: SqliteDirect, request: MoveRequest): Promise<MovedCard | null> {
  return direct.transaction((statements) => moveNow(db, statements, request));
}

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const columnQuery = new PreparedQuery(
  (_db: Db, columnId: number) =>
    sql<{
      id: number;
      board_id: number;
      name: string;
    }>`select id, board_id, name from columns where id = ${columnId}`,
);

const movingTaskQuery = new PreparedQuery(
  (_db: Db, taskId: number, projectId: number) =>
    sql<{
      board_id: number;
      column_name: string;
    }>`select tasks.board_id, columns.name as column_name from tasks
      join columns on columns.id = tasks.column_id
      where tasks.id = ${taskId} and tasks.project_id = ${projectId}`,
);

const placeTaskQuery = new PreparedQuery(
  (_db: Db, taskId: number, columnId: number, position: number, now: string) =>
    sql<CardRow>`update tasks set column_id = ${columnId}, position = ${position}, updated_at = ${now}
      where id = ${taskId} returning ${CARD_RETURNING}`,
);

/** A named neighbour, when it is in the column (and not the moving task). */
const neighbourQuery = new PreparedQuery(
  (_db: Db, id: number, columnId: number, taskId: number) =>
    sql<Slot>`select id, position from tasks where id = ${id} and column_id = ${columnId} and id <> ${taskId}`,
);

/** The column's next key after a neighbour (position, then id), the task itself left out. */
const nextKeyQuery = new PreparedQuery(
  (_db: Db, columnId: number, taskId: number, position: number, id: number) =>
    sql<{ position: number }>`select position from tasks where column_id = ${columnId} and id <> ${taskId}
      and (position > ${position} or (position = ${position} and id > ${id}))
      order by position, id limit 1`,
);

/** The column's key before a neighbour. */
const previousKeyQuery = new PreparedQuery(
  (_db: Db, columnId: number, taskId: number, position: number, id: number) =>
    sql<{ position: number }>`select position from tasks where column_id = ${columnId} and id <> ${taskId}
      and (position < ${position} or (position = ${position} and id < ${id}))
      order by position desc, id desc limit 1`,
);

function moveNow(db: Db, statements: DirectStatements, request: MoveRequest): MovedCard | null {
  const { user, projectId, taskId, input, now } = request;
  const target = statements.first(columnQuery.compiled(db, input.column_id));
  const task = statements.first(movingTaskQuery.compiled(db, taskId, projectId));
  if (!target || !task || target.board_id !== task.board_id) return null;
  const position = placeInColumn(db, statements, target.id, taskId, input);
  if (position === null) return null;
  const card = statements.first(placeTaskQuery.compiled(db, taskId, target.id, position, now))!;
  const seq = logAndBump(db, statements, user, now, task.board_id, [
    { task_id: taskId, ...movedEntry(task.column_name, target.name) },
  ]);
  const related = statements.all<RelatedRow>(relatedOfTask(db, taskId));
  return { card: toSummary(card, relatedFromRows(related)), boardId: task.board_id, seq };
}

/**
 * The key for the task below `after_id` (up to that neighbour's next one), above `before_id` (down
 * to its previous one; both named: both must be in the column, `after_id` decides) or at the end,
 * neighbours ordered by position, then id: lib/sort-keys.ts `between` of ordinary.ts's bounds, by
 * index probes instead of the whole column. Null: a neighbour is missing or no key fits.
 */
function placeInColumn(
  db: Db,
  statements: DirectStatements,
  columnId: number,
  taskId: number,
  { after_id: afterId, before_id: beforeId }: MoveRequest['input'],
): number | null {
  const slot = (id: number) => statements.first(neighbourQuery.compiled(db, id, columnId, taskId));
  const after = afterId == null ? undefined : slot(afterId);
  const before = beforeId == null ? undefined : slot(beforeId);
  if ((afterId != null && !after) || (beforeId != null && !before)) return null;
  const position = (query: CompiledQuery<{ position: number }>) => statements.first(query)?.position ?? null;
  if (after)
    return between(
      after.position,
      position(nextKeyQuery.compiled(db, columnId, taskId, after.position, after.id)),
    );
  if (before)
    return between(
      position(previousKeyQuery.compiled(db, columnId, taskId, before.position, before.id)),
      before.position,
    );
  return between(position(lastKeyQuery.compiled(db, columnId, taskId)), null);
}
