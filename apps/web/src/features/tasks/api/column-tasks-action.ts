import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardDetail, TaskSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ColumnTasksAction = 'archive_tasks' | 'complete_tasks';

/** POST /api/columns/:id/archive_tasks or /complete_tasks: answers the changed tasks. */
export async function runColumnTasksAction(id: number, action: ColumnTasksAction): Promise<TaskSummary[]> {
  const body = await api.post<{ data: TaskSummary[] }>(`/columns/${id}/${action}`);
  return body.data;
}

export function useColumnTasksAction(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ColumnTasksAction }) =>
      runColumnTasksAction(id, action),
    onSuccess: (changed) => {
      const byId = new Map(changed.map((task) => [task.id, task]));
      queryClient.setQueryData<BoardDetail>(queryKeys.board(boardId), (board) =>
        board
          ? {
              ...board,
              tasks: board.tasks.map((task) => byId.get(task.id) ?? task).filter((task) => !task.is_archived),
            }
          : board,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.archivedTasks(boardId) });
    },
  });
}
