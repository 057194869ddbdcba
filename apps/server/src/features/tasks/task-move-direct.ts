import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { directTransaction, type DirectStatements } from '../../db/sqlite-direct.js';
import { between } from '../../lib/sort-keys.js';
import { relatedFromRows, relatedOfTasksQuery, type RelatedRow } from '../../board-content/card-related.js';
import { CARD_RETURNING } from '../../board-content/card-statements.js';
import { toSummary, type CardRow } from '../../board-content/cards.js';
import type { Slot } from './task-move.js';
import type { MovedCard, MoveRequest } from './task-move-pipelined.js';
import { logAndBump } from './task-writes-direct.js';

/**
 * A move on SQLite in one synchronous transaction (db/sqlite-direct.ts), step for step the ordinary
 * move (tasks.service.ts with task-move.ts), which stays the reference: read the column and the task,
 * place by probing the neighbours as lib/sort-keys.ts would, update, log, bump, read the card. It
 * moves nothing unless the task is the project's, the column is on the task's board, the named
 * neighbours are in that column and a key fits between them: then the answer is null and the
 * ordinary move says what was wrong (404, 422) or renumbers a crowded column.
 */
export async function directMove(db: Db, request: MoveRequest): Promise<MovedCard | null> {
  return directTransaction(db, (statements) => moveNow(db, statements, request));
}

function moveNow(db: Db, statements: DirectStatements, request: MoveRequest): MovedCard | null {
  const { user, projectId, taskId, input, now } = request;
  const target = statements.first<{ id: number; board_id: number; name: string }>(
    sql`select id, board_id, name from columns where id = ${input.column_id}`.compile(db),
  );
  const task = statements.first<{ board_id: number; column_name: string }>(
    sql`select tasks.board_id, columns.name as column_name from tasks
      join columns on columns.id = tasks.column_id
      where tasks.id = ${taskId} and tasks.project_id = ${projectId}`.compile(db),
  );
  if (!target || !task || target.board_id !== task.board_id) return null;
  const position = placeInColumn(db, statements, target.id, taskId, input);
  if (position === null) return null;
  const card = statements.first<CardRow>(
    sql`update tasks set column_id = ${target.id}, position = ${position}, updated_at = ${now}
      where id = ${taskId} returning ${CARD_RETURNING}`.compile(db),
  )!;
  const seq = logAndBump(db, statements, user, now, task.board_id, [
    { task_id: taskId, field: 'moved', old_value: task.column_name, new_value: target.name },
  ]);
  const related = statements.all<RelatedRow>(relatedOfTasksQuery([taskId]).compile(db));
  return { card: toSummary(card, relatedFromRows(related)), boardId: task.board_id, seq };
}

/**
 * The key for the task below `after_id` (up to that neighbour's next one), above `before_id` (down
 * to its previous one; both named: both must be in the column, `after_id` decides) or at the end,
 * neighbours ordered by position, then id: lib/sort-keys.ts `between` of task-move.ts's bounds, by
 * index probes instead of the whole column. Null: a neighbour is missing or no key fits.
 */
function placeInColumn(
  db: Db,
  statements: DirectStatements,
  columnId: number,
  taskId: number,
  { after_id: afterId, before_id: beforeId }: MoveRequest['input'],
): number | null {
  const others = sql`column_id = ${columnId} and id <> ${taskId}`;
  const slot = (id: number) =>
    statements.first<Slot>(sql`select id, position from tasks where id = ${id} and ${others}`.compile(db));
  const after = afterId == null ? undefined : slot(afterId);
  const before = beforeId == null ? undefined : slot(beforeId);
  if ((afterId != null && !after) || (beforeId != null && !before)) return null;
  const position = (query: ReturnType<typeof sql>) =>
    statements.first<{ position: number }>(query.compile(db))?.position ?? null;
  if (after)
    return between(
      after.position,
      position(sql`select position from tasks where ${others}
        and (position > ${after.position} or (position = ${after.position} and id > ${after.id}))
        order by position, id limit 1`),
    );
  if (before)
    return between(
      position(sql`select position from tasks where ${others}
        and (position < ${before.position} or (position = ${before.position} and id < ${before.id}))
        order by position desc, id desc limit 1`),
      before.position,
    );
  return between(
    position(sql`select position from tasks where ${others} order by position desc limit 1`),
    null,
  );
}
