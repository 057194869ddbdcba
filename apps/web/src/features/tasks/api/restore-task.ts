import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskDetail, TaskSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/tasks/:id with `is_archived: false`: the task comes back to its column. */
export async function restoreTask(id: number): Promise<TaskDetail> {
  const body = await api.put<{ data: TaskDetail }>(`/tasks/${id}`, { is_archived: false });
  return body.data;
}

export function useRestoreTask(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTask,
    onSuccess: (task) => {
      patchBoardTask(queryClient, boardId, task);
      queryClient.setQueryData<TaskSummary[]>(queryKeys.archivedTasks(boardId), (tasks) =>
        tasks?.filter((item) => item.id !== task.id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(task.id) });
    },
  });
}
