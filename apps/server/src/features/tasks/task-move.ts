import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { ColumnInProject, TaskRow } from '../../board-content/board-content.js';
import { between } from '../../lib/sort-keys.js';

/**
 * Concurrency (read before changing): every write that computes a position inside a column runs
 * in a transaction that first locks the column it writes to (its order is what the position
 * depends on), and reads the task only after that.
 * - SQLite: one process, one connection; Kysely runs one transaction at a time, so writes are
 *   already serialized and no lock statement exists (or is needed). The one-step writes
 *   (db/sqlite-direct.ts) borrow that same connection and take SQLite's write lock first.
 * - PostgreSQL: `SELECT … FOR UPDATE` on the target column row, read with its board's project in
 *   the same statement. A second write into the same column waits for the first to commit, then
 *   reads the committed positions (READ COMMITTED re-reads per statement). Only the target is
 *   locked: a task leaving a column changes nobody's position there, so moves out of one column and
 *   moves between other columns run side by side (locking both columns serialized most moves of a
 *   board). One lock per transaction, then the task row (its UPDATE), then the board row (the version
 *   bump, board-versions.ts, always last): the same order everywhere, so no deadlock. We chose this
 *   over SERIALIZABLE + retry: the lock is held for a few milliseconds and there is no retry loop.
 */
export function lockTargetColumn(db: Db, columnId: number): Promise<ColumnInProject | undefined> {
  const query = db
    .selectFrom('columns')
    .innerJoin('boards', 'boards.id', 'columns.board_id')
    .select(['columns.id', 'columns.board_id', 'columns.name', 'columns.position', 'boards.project_id'])
    .where('columns.id', '=', columnId);
  return (isSqlite(db) ? query : query.forUpdate('columns')).executeTakeFirst();
}

/** The task of the project with the name of the column it is in (a move logs where it came from). */
export function findTaskWithColumnName(
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
export async function positionInColumn(
  db: Db,
  columnId: number,
  taskId: number,
  afterId?: number | null,
  beforeId?: number | null,
): Promise<{ position: number; renumbered: number[] }> {
  if (afterId == null && beforeId == null) {
    // At the end: only the last position matters (an index lookup, not the whole column).
    const last = await db
      .selectFrom('tasks')
      .select('position')
      .where('column_id', '=', columnId)
      .where('id', '!=', taskId)
      .orderBy('position', 'desc')
      .limit(1)
      .executeTakeFirst();
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
