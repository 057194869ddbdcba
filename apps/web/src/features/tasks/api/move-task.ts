import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardDetail, MoveTaskInput, TaskSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/tasks/:id/move: one request per drop, between the new neighbours. */
export async function moveTask(id: number, input: MoveTaskInput): Promise<TaskSummary> {
  const body = await api.post<{ data: TaskSummary }>(`/tasks/${id}/move`, input);
  return body.data;
}

export interface MoveVariables {
  id: number;
  input: MoveTaskInput;
  /** The sort key shown until the server answers with its own. */
  optimisticPosition: number;
}

/** Optimistic: the card lands at once; a refusal puts the board back and toasts the error. */
export function useMoveTask(boardId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.board(boardId);
  return useMutation({
    mutationFn: ({ id, input }: MoveVariables) => moveTask(id, input),
    onMutate: async ({ id, input, optimisticPosition }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BoardDetail>(key);
      queryClient.setQueryData<BoardDetail>(key, (board) =>
        board
          ? {
              ...board,
              tasks: board.tasks.map((task) =>
                task.id === id ? { ...task, column_id: input.column_id, position: optimisticPosition } : task,
              ),
            }
          : board,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (task) => patchBoardTask(queryClient, boardId, task),
  });
}
