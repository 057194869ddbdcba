import type { QueryClient } from '@tanstack/react-query';
import { TaskSummarySchema, type BoardDetail, type TaskSummary } from '@teamboard/contract';
import { queryKeys } from './query-keys';

const SUMMARY_KEYS = Object.keys(TaskSummarySchema.shape) as (keyof TaskSummary)[];

/** The card part of a task (a TaskDetail carries more than the board needs). */
export function toSummary(task: TaskSummary): TaskSummary {
  const summary = {} as Record<string, unknown>;
  for (const key of SUMMARY_KEYS) summary[key] = task[key];
  return summary as TaskSummary;
}

/**
 * Puts a changed task into the cached board it belongs to: replaced in place, added when it came
 * back from the archive, dropped when archived. Shared by the board and the task detail.
 */
export function patchBoardTask(queryClient: QueryClient, boardId: number, task: TaskSummary): void {
  queryClient.setQueryData<BoardDetail>(queryKeys.board(boardId), (board) => {
    if (!board) return board;
    const others = board.tasks.filter((item) => item.id !== task.id);
    return { ...board, tasks: task.is_archived ? others : [...others, toSummary(task)] };
  });
}

/** Drops a deleted task from its cached board. */
export function removeBoardTask(queryClient: QueryClient, boardId: number, taskId: number): void {
  queryClient.setQueryData<BoardDetail>(queryKeys.board(boardId), (board) =>
    board ? { ...board, tasks: board.tasks.filter((item) => item.id !== taskId) } : board,
  );
}
