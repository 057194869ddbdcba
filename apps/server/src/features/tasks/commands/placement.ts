import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { isSqlite } from '../../../db/dialect.js';
import type { ColumnInProject } from '../../../board-content/board-content.js';

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

/**
 * THE position of a task placed at the end of its column: one past the last, 1 in an empty column.
 * One expression for every create (the ordinary insert's value, the one-step statements' SQL), read
 * inside the statement that inserts, after the column's lock (above).
 */
export function endOfColumnPosition(columnId: unknown) {
  return sql<number>`coalesce((select max(position) from tasks where column_id = ${columnId}), 0) + 1`;
}
