import type { BoardDetail, Column } from './boards.js';
import type { Label } from './labels.js';
import type { BoardEvent } from './realtime.js';
import type { TaskSummary } from './tasks.js';

// The orders GET /api/boards/:id returns, so a copy kept up to date by events equals a fresh fetch.
const byTaskOrder = (a: TaskSummary, b: TaskSummary) =>
  a.column_id - b.column_id || a.position - b.position || a.id - b.id;
const byColumnOrder = (a: Column, b: Column) => a.position - b.position || a.id - b.id;
const byId = (a: Label, b: Label) => a.id - b.id;

function upsert<T extends { id: number }>(list: T[], items: T[], order: (a: T, b: T) => number): T[] {
  const ids = new Set(items.map((item) => item.id));
  return [...list.filter((item) => !ids.has(item.id)), ...items].sort(order);
}

/** Cards on the board are the open ones: an archived task leaves it. */
function upsertCards(board: BoardDetail, tasks: TaskSummary[]): BoardDetail {
  const ids = new Set(tasks.map((task) => task.id));
  const open = tasks.filter((task) => !task.is_archived);
  return {
    ...board,
    tasks: [...board.tasks.filter((task) => !ids.has(task.id)), ...open].sort(byTaskOrder),
  };
}

/**
 * A board detail with one real-time event applied. Pure and idempotent (events carry state, not
 * deltas); the caller handles sequencing (`seq`) and `board.deleted`, which leaves nothing to apply.
 */
export function applyBoardEvent(board: BoardDetail, event: BoardEvent): BoardDetail {
  const next = applyChange(board, event);
  return { ...next, version: Math.max(board.version, event.seq) };
}

function applyChange(board: BoardDetail, event: BoardEvent): BoardDetail {
  switch (event.type) {
    case 'task.created':
    case 'task.updated':
    case 'task.moved':
      return upsertCards(board, [event.data.task]);
    case 'tasks.updated':
      return upsertCards(board, event.data.tasks);
    case 'task.deleted':
      return { ...board, tasks: board.tasks.filter((task) => task.id !== event.data.task_id) };
    case 'comment.created':
    case 'comment.updated':
    case 'comment.deleted':
      return upsertCards(board, [event.data.task]);
    case 'column.created':
    case 'column.updated':
    case 'column.moved':
      return { ...board, columns: upsert(board.columns, [event.data.column], byColumnOrder) };
    case 'column.deleted': {
      const columnId = event.data.column_id;
      return {
        ...board,
        columns: board.columns.filter((column) => column.id !== columnId),
        tasks: board.tasks.filter((task) => task.column_id !== columnId),
      };
    }
    case 'label.created':
    case 'label.updated':
      return { ...board, labels: upsert(board.labels, [event.data.label], byId) };
    case 'label.deleted': {
      const labelId = event.data.label_id;
      const without = (ids: number[]) => ids.filter((id) => id !== labelId);
      return {
        ...board,
        board: { ...board.board, labels: without(board.board.labels) },
        labels: board.labels.filter((label) => label.id !== labelId),
        tasks: board.tasks.map((task) =>
          task.labels.includes(labelId) ? { ...task, labels: without(task.labels) } : task,
        ),
      };
    }
    case 'board.updated':
      return { ...board, board: event.data.board };
    case 'board.deleted':
      return board;
  }
}
