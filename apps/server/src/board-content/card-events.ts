import type { TaskSummary } from '@teamboard/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import type { BoardEventDraft } from '../realtime/publisher.js';
import { bumpBoardOfTask } from './board-versions.js';
import { cardOf, CARD_COLUMNS, findCardById, toSummaries } from './cards.js';

/** The board's open tasks as cards, for the board view (one query per table). */
export async function boardCards(db: Db, boardId: number): Promise<TaskSummary[]> {
  const rows = await db
    .selectFrom('tasks')
    .select(CARD_COLUMNS)
    .where('board_id', '=', boardId)
    .where('is_archived', '=', 0)
    .orderBy('column_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return toSummaries(db, rows, { boardId, archived: false });
}

/**
 * The card of `taskId` as it is now, with the board version just taken (call as the last step of a
 * transaction that bumped it): what a task.updated event carries.
 */
export async function currentCard(db: Db, taskId: number): Promise<TaskSummary> {
  const row = await findCardById(db, taskId);
  if (!row) throw new AppError('NOT_FOUND');
  return cardOf(db, row);
}

/**
 * For features that change what a card counts (hours, checklist, files, comments): bumps the board
 * version and returns the task.updated event to publish after commit. Last step of the transaction.
 */
export async function taskCardChanged(db: Db, taskId: number): Promise<BoardEventDraft> {
  const { boardId, version } = await bumpBoardOfTask(db, taskId);
  return {
    type: 'task.updated',
    board_id: boardId,
    seq: version,
    data: { task: await currentCard(db, taskId) },
  };
}
