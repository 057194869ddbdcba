import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskInput, TaskDetail } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';

/** POST /api/columns/:id/tasks: appended at the end of the column. */
export async function createTask(columnId: number, input: CreateTaskInput): Promise<TaskDetail> {
  const body = await api.post<{ data: TaskDetail }>(`/columns/${columnId}/tasks`, input);
  return body.data;
}

export function useCreateTask(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ columnId, input }: { columnId: number; input: CreateTaskInput }) =>
      createTask(columnId, input),
    onSuccess: (task) => patchBoardTask(queryClient, boardId, task),
  });
}
