import { sql } from 'kysely';
import type { Db } from '../../../../db/database.js';
import type { PostgresPipeline } from '../../../../db/one-step.js';
import { betweenSql } from '../../../../lib/sort-keys.js';
import type { UserRow } from '../../../../users/users.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import { relatedOfTask } from '../../../../board-content/card-related.js';
import { CARD_SELECT, cardFromAnswers } from '../../../../board-content/card-statements.js';
import type { CardRow } from '../../../../board-content/cards.js';
import { boardVersionBumped } from '../../../../board-content/board-versions.js';
import { entryValues, logged, movedEntry } from '../../task-logs.js';
import type { MovedCard, MoveRequest } from './index.js';

/**
 * A move on PostgreSQL in one round trip (db/pipeline.ts): BEGIN, the target column's lock, one
 * statement that places, logs and bumps, the card's related rows, COMMIT. The same rules as the
 * ordinary move (ordinary.ts), which stays the reference: only the target
 * column is locked, and the placing statement starts after the lock is granted, so it reads the
 * column as the last move into it left it. It moves nothing unless the task is the project's, the
 * column is on the task's board, the named neighbours are in that column and a midpoint fits.
 * Then the answer is null and the caller runs the ordinary move, which says what was wrong (404,
 * 422) or renumbers a crowded column.
 */
export async function pipelinedMove(
  db: Db,
  pipeline: PostgresPipeline,
  request: MoveRequest,
): Promise<MovedCard | null> {
  const { user, projectId, taskId, input, now } = request;
  const results = await pipeline.transaction([
    lockColumnQuery.compiled(db, input.column_id),
    moveQuery.compiled(
      db,
      taskId,
      projectId,
      input.column_id,
      input.after_id ?? null,
      input.before_id ?? null,
      user.id,
      user.name,
      now,
    ),
    relatedOfTask(db, taskId),
  ]);
  const moved = results[1]?.rows[0] as (CardRow & { board_id: number; version: number }) | undefined;
  if (!moved) return null;
  return {
    card: cardFromAnswers(moved, results[2]!),
    boardId: moved.board_id,
    seq: moved.version,
  };
}

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const lockColumnQuery = new PreparedQuery(
  (_db: Db, columnId: number) => sql`select id from columns where id = ${columnId} for update`,
);

const moveQuery = new PreparedQuery(
  (
    _db: Db,
    taskId: number,
    projectId: number,
    columnId: number,
    afterId: number | null,
    beforeId: number | null,
    userId: number,
    userName: string,
    now: string,
  ) =>
    placeLogAndBump({
      taskId,
      projectId,
      columnId,
      afterId,
      beforeId,
      user: { id: userId, name: userName },
      now,
    }),
);

/**
 * Every step of a move as one statement. Its parts see the rows as they were when it started (a
 * data-modifying WITH), so `source` reads the column the task leaves. Positions follow
 * lib/sort-keys.ts `between` exactly (betweenSql): below `after_id` (up to its next neighbour), above
 * `before_id` (down to its previous one; both named: both must be there, `after_id` decides), or
 * at the end; neighbours are ordered by position, then id. Each bound is one probe of the
 * (column_id, position) index (a CTE of the whole column, read twice, would be materialized each
 * time). `bounds` is MATERIALIZED for the opposite reason: inlined, each of its subqueries was
 * copied into every branch of `placed`, about sixty subplans to plan for every move.
 */
function placeLogAndBump(move: {
  taskId: number;
  projectId: number;
  columnId: number;
  afterId: number | null;
  beforeId: number | null;
  user: Pick<UserRow, 'id' | 'name'>;
  now: string;
}) {
  const { user, now } = move;
  return sql<CardRow & { board_id: number; version: number }>`
    with input as (
      select cast(${move.taskId} as integer) as task_id, cast(${move.columnId} as integer) as column_id,
        cast(${move.afterId} as integer) as after_id, cast(${move.beforeId} as integer) as before_id,
        cast(${move.projectId} as integer) as project_id, cast(${now} as text) as now
    ),
    neighbours as (
      select t.id, t.position from tasks t, input i
      where t.id in (i.after_id, i.before_id) and t.column_id = i.column_id and t.id <> i.task_id
    ),
    after_slot as (select n.id, n.position from neighbours n, input i where n.id = i.after_id),
    before_slot as (select n.id, n.position from neighbours n, input i where n.id = i.before_id),
    bounds as materialized (
      select
        case
          when i.after_id is not null then (select position from after_slot)
          when i.before_id is not null then (
            select t.position from tasks t, before_slot b
            where t.column_id = i.column_id and t.id <> i.task_id and t.position <= b.position
              and (t.position < b.position or t.id < b.id)
            order by t.position desc, t.id desc limit 1)
          else (
            select t.position from tasks t where t.column_id = i.column_id and t.id <> i.task_id
            order by t.position desc limit 1)
        end as low,
        case
          when i.after_id is not null then (
            select t.position from tasks t, after_slot a
            where t.column_id = i.column_id and t.id <> i.task_id and t.position >= a.position
              and (t.position > a.position or t.id > a.id)
            order by t.position, t.id limit 1)
          when i.before_id is not null then (select position from before_slot)
        end as high
      from input i
      where (i.after_id is null or exists (select 1 from after_slot))
        and (i.before_id is null or exists (select 1 from before_slot))
    ),
    placed as (select ${betweenSql(sql`low`, sql`high`)} as position from bounds),
    source as (
      select t.id, c.name as column_name from tasks t join columns c on c.id = t.column_id, input i
      where t.id = i.task_id and t.project_id = i.project_id
    ),
    target as (select c.id, c.board_id, c.name from columns c, input i where c.id = i.column_id),
    moved as (
      update tasks set column_id = target.id, position = placed.position, updated_at = input.now
      from input, placed, target
      where tasks.id = input.task_id and tasks.project_id = input.project_id
        and tasks.board_id = target.board_id and placed.position is not null
      returning ${CARD_SELECT}, tasks.board_id
    ),
    ${logged(user, now, entryValues(movedEntry(sql`(select column_name from source)`, sql`(select name from target)`)), 'moved')},
    ${boardVersionBumped('moved')}
    select moved.*, bumped.version from moved, bumped`;
}
