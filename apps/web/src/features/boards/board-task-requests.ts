import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { CreateTaskInput, MoveTaskInput, TaskDetail, TaskSummary } from '@teamboard/contract';
import { createContext, useContext } from 'react';

export type ColumnTasksAction = 'archive_tasks' | 'complete_tasks';

/**
 * The task requests the board screens use. They live in the tasks feature; a feature never imports
 * another, so the app layer hands them to the board through this context (app/routes/project/board.tsx).
 */
export interface BoardTaskRequests {
  useCreateTask(
    boardId: number,
  ): UseMutationResult<TaskDetail, Error, { columnId: number; input: CreateTaskInput }, unknown>;
  useMoveTask(
    boardId: number,
  ): UseMutationResult<
    TaskSummary,
    Error,
    { id: number; input: MoveTaskInput; optimisticPosition: number },
    { previous?: unknown } | undefined
  >;
  useRestoreTask(boardId: number): UseMutationResult<TaskDetail, Error, number, unknown>;
  useSearchTasks(boardId: number, q: string): UseQueryResult<TaskSummary[], Error>;
  useArchivedTasks(boardId: number, enabled: boolean): UseQueryResult<TaskSummary[], Error>;
  useColumnTasksAction(
    boardId: number,
  ): UseMutationResult<TaskSummary[], Error, { id: number; action: ColumnTasksAction }, unknown>;
}

export const BoardTaskRequestsContext = createContext<BoardTaskRequests | null>(null);

export function useBoardTaskRequests(): BoardTaskRequests {
  const requests = useContext(BoardTaskRequestsContext);
  if (requests === null)
    throw new Error('BoardTaskRequestsContext is not provided (app/routes/project/board.tsx)');
  return requests;
}
