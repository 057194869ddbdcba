import * as content from '../../../../board-content/board-content.js';
import type { Db } from '../../../../db/database.js';
import { AppError } from '../../../../lib/app-error.js';
import { createdEntry, writeLogs } from '../../task-logs.js';
import * as repo from '../../tasks.repository.js';
import { endOfColumnPosition, lockTargetColumn } from '../placement.js';
import type { WrittenTask } from '../written.js';
import type { CreateRequest } from './index.js';

/** The create as a Kysely transaction: the reference the one-step variants follow. */
export function ordinaryCreate(
  db: Db,
  { user, projectId, columnId, title, now }: CreateRequest,
): Promise<WrittenTask> {
  return db.transaction().execute(async (trx) => {
    const column = await lockTargetColumn(trx, columnId);
    if (!column || column.project_id !== projectId) throw new AppError('NOT_FOUND');
    const task = await repo.insertTask(trx, {
      column_id: column.id,
      board_id: column.board_id,
      project_id: projectId,
      title,
      position: endOfColumnPosition(column.id),
      created_by: user.id,
      created_at: now,
      updated_at: now,
    });
    await writeLogs(trx, user, now, [{ task_id: task.id, ...createdEntry(task.title) }]);
    const seq = await content.bumpBoardVersion(trx, column.board_id);
    return { detail: await content.toDetail(trx, task), seq };
  });
}
