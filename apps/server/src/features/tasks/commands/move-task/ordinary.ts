import type { TaskSummary } from '@teamboard/contract';
import { sql } from 'kysely';
import * as content from '../../../../board-content/board-content.js';
import type { TaskRow } from '../../../../board-content/board-content.js';
import type { Db } from '../../../../db/database.js';
import { AppError } from '../../../../lib/app-error.js';
import { PreparedQuery } from '../../../../lib/prepared-query.js';
import { between } from '../../../../lib/sort-keys.js';
import { movedEntry, writeLogs } from '../../task-logs.js';
import * as repo from '../../tasks.repository.js';
import { lockTargetColumn } from '../placement.js';
import type { MovedCard, MoveRequest } from './index.js';

/** A move's answer; `renumbering`: the cards of a crowded column renumbered first, and their version. */
export type MovedTask = MovedCard & { renumbering: { tasks: TaskSummary[]; seq: number } | null };

/** The move as a Kysely transaction: the reference the one-step variants follow. */
export function ordinaryMove(
  db: Db,
  { user, projectId, taskId, input, now }: MoveRequest,
): Promise<MovedTask> {
  return db.transaction().execute(async (trx) => {
    const target = await lockTargetColumn(trx, input.column_id);
    const task = await findTaskWithColumnName(trx, projectId, taskId);
    if (!task || !target || target.board_id !== task.board_id) throw new AppError('NOT_FOUND');
    const { position, renumbered } = await positionInColumn(
      trx,
      target.id,
      task.id,
      input.after_id,
      input.before_id,
    );
    const moved = await repo.updateTask(trx, task.id, { position, updated_at: now, column_id: target.id });
    await writeLogs(trx, user, now, [{ task_id: task.id, ...movedEntry(task.column_name, target.name) }]);
    // A renumbered column is announced as its own version, before the move's, as columns are; both
    // bumps come after the task's update, so the board row is still the last lock taken.
    const renumbering = renumbered.length > 0 ? await renumberedCards(trx, task.board_id, renumbered) : null;
    const seq = await content.bumpBoardVersion(trx, task.board_id);
    return { card: await content.cardOf(trx, moved), boardId: task.board_id, seq, renumbering };
  });
}

/** The cards of tasks a move renumbered, with the board version that announces them. */
async function renumberedCards(db: Db, boardId: number, taskIds: number[]) {
  const rows = await db.selectFrom('tasks').select(content.CARD_COLUMNS).where('id', 'in', taskIds).execute();
  const tasks = await content.toSummaries(db, rows, { taskIds });
  return { tasks, seq: await content.bumpBoardVersion(db, boardId) };
}

/** The column's last key, the moving task left out (sqlite.ts probes with it too). */
export const lastKeyQuery = new PreparedQuery(
  (_db: Db, columnId: number, taskId: number) =>
    sql<{ position: number }>`select position from tasks where column_id = ${columnId} and id <> ${taskId}
      order by position desc limit 1`,
);

/** The task of the project with the name of the column it is in (a move logs where it came from). */
function findTaskWithColumnName(
  db: Db,
  projectId: number,
  taskId: number,
): Promise<(TaskRow & { column_name: string }) | undefined> {
  return db
    .selectFrom('tasks')
    .innerJoin('columns', 'columns.id', 'tasks.column_id')
    .selectAll('tasks')
    .select('columns.name as column_name')
    .where('tasks.id', '=', taskId)
    .where('tasks.project_id', '=', projectId)
    .executeTakeFirst();
}

/** A task's place in its column. */
export interface Slot {
  id: number;
  position: number;
}

function columnTasks(db: Db, columnId: number, exceptTaskId: number): Promise<Slot[]> {
  return db
    .selectFrom('tasks')
    .select(['id', 'position'])
    .where('column_id', '=', columnId)
    .where('id', '!=', exceptTaskId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The bounds the new position must fall between (null: the column's start or end). */
function bounds(
  slots: Slot[],
  afterId?: number | null,
  beforeId?: number | null,
): [number | null, number | null] {
  const indexOf = (id: number) => {
    const index = slots.findIndex((slot) => slot.id === id);
    // A neighbour that is not in the target column (or is the moved task itself) is bad input.
    if (index < 0) throw new AppError('VALIDATION_FAILED');
    return index;
  };
  if (beforeId != null) indexOf(beforeId);
  if (afterId != null) {
    // The task goes right below `after_id`: its current next neighbour is the upper bound.
    const index = indexOf(afterId);
    return [slots[index]!.position, slots[index + 1]?.position ?? null];
  }
  if (beforeId != null) {
    const index = indexOf(beforeId);
    return [slots[index - 1]?.position ?? null, slots[index]!.position];
  }
  return [slots.at(-1)?.position ?? null, null];
}

/**
 * The position for a task placed in `columnId` below `afterId` / above `beforeId`. In the rare
 * case the gap is exhausted, the column is renumbered 1, 2, 3… first (same transaction), and the
 * ids of the other tasks whose position changed are answered too: the caller announces them.
 */
async function positionInColumn(
  db: Db,
  columnId: number,
  taskId: number,
  afterId?: number | null,
  beforeId?: number | null,
): Promise<{ position: number; renumbered: number[] }> {
  if (afterId == null && beforeId == null) {
    // At the end: only the last position matters (an index lookup, not the whole column).
    const last = await lastKeyQuery.first(db, columnId, taskId);
    const key = between(last?.position ?? null, null);
    if (key !== null) return { position: key, renumbered: [] };
  }
  let slots = await columnTasks(db, columnId, taskId);
  const position = between(...bounds(slots, afterId, beforeId));
  if (position !== null) return { position, renumbered: [] };
  for (const [index, slot] of slots.entries()) {
    await db
      .updateTable('tasks')
      .set({ position: index + 1 })
      .where('id', '=', slot.id)
      .execute();
  }
  const renumbered = slots.filter((slot, index) => slot.position !== index + 1).map((slot) => slot.id);
  slots = slots.map((slot, index) => ({ id: slot.id, position: index + 1 }));
  return { position: between(...bounds(slots, afterId, beforeId)) as number, renumbered };
}
