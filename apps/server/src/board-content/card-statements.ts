import type { TaskDetail, TaskSummary } from '@teamboard/contract';
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';
import type { BoardEventDraft } from '../realtime/publisher.js';
import { PreparedQuery } from '../lib/prepared-query.js';
import { relatedFromRows, relatedOfTask, type RelatedRow } from './card-related.js';
import { CARD_COLUMNS, DETAIL_COLUMNS, toDetailOf, toSummary, type CardRow } from './cards.js';
import type { TaskRow } from './lookups.js';

/**
 * The statements of one-step writes (db/pipeline.ts on PostgreSQL, db/sqlite-direct.ts on SQLite)
 * that read cards and details, and what their answers become. Explicit column lists, as prepared
 * statements need.
 */

/** A statement's answer: pg's QueryResult, or the rows SQLite gave. */
export interface Answer {
  rows: unknown[];
}

export const CARD_SELECT = sql.join(CARD_COLUMNS.map((column) => sql.ref(`tasks.${column}`)));

export const DETAIL_SELECT = sql.join(DETAIL_COLUMNS.map((column) => sql.ref(`tasks.${column}`)));

/** The same lists for SQLite's RETURNING, which names the written table's columns bare. */
export const CARD_RETURNING = sql.join(CARD_COLUMNS.map((column) => sql.ref(column)));

export const DETAIL_RETURNING = sql.join(DETAIL_COLUMNS.map((column) => sql.ref(column)));

/**
 * The last statements of a write that changed what a task's card shows (the pipelined
 * taskCardChanged): bump its board's version, then read the card. A task not in `projectId` bumps
 * and reads nothing.
 */
export function cardChangedStatements(db: Db, projectId: number, taskId: number): CompiledQuery[] {
  return [
    bumpTaskBoardQuery.compiled(db, projectId, taskId),
    cardQuery.compiled(db, projectId, taskId),
    relatedOfTask(db, taskId),
  ];
}

const bumpTaskBoardQuery = new PreparedQuery(
  (_db: Db, projectId: number, taskId: number) =>
    sql`update boards set version = version + 1 where id = (
      select tasks.board_id from tasks where tasks.id = ${taskId} and tasks.project_id = ${projectId}
    ) returning id, version`,
);

const cardQuery = new PreparedQuery(
  (_db: Db, projectId: number, taskId: number) =>
    sql`select ${CARD_SELECT} from tasks where tasks.id = ${taskId} and tasks.project_id = ${projectId}`,
);

/** The task.updated event from the answers of cardChangedStatements (null: no such task). */
export function cardChangedEvent([bumped, card, related]: Answer[]): BoardEventDraft | null {
  const board = bumped?.rows[0] as { id: number; version: number } | undefined;
  const row = card?.rows[0] as CardRow | undefined;
  if (!board || !row) return null;
  return {
    type: 'task.updated',
    board_id: board.id,
    seq: board.version,
    data: { task: cardFromAnswers(row, related!) },
  };
}

export function cardFromAnswers(row: CardRow, related: Answer): TaskSummary {
  return toSummary(row, relatedFromRows(related.rows as RelatedRow[]));
}

export function detailFromAnswers(row: TaskRow, related: Answer | null): TaskDetail {
  const card = related ? cardFromAnswers(row, related) : toSummary(row, relatedFromRows([]));
  return toDetailOf(row, card);
}
