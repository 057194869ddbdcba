import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskDetail, UpdateTaskInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/tasks/:id: any subset of the fields; each change lands in the task log. */
export async function updateTask(id: number, input: UpdateTaskInput): Promise<TaskDetail> {
  const body = await api.put<{ data: TaskDetail }>(`/tasks/${id}`, input);
  return body.data;
}

export function useUpdateTask(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTaskInput) => updateTask(id, input),
    onSuccess: (task) => {
      queryClient.setQueryData(queryKeys.task(id), task);
      patchBoardTask(queryClient, task.board_id, task);
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskPart(id, 'logs') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.archivedTasks(task.board_id) });
    },
  });
}
