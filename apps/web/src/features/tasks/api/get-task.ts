import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskDetail } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tasks/:id */
export async function getTask(id: number): Promise<TaskDetail> {
  const body = await api.get<{ data: TaskDetail }>(`/tasks/${id}`);
  return body.data;
}

/** The task detail; each fresh copy also refreshes its card (counts, total hours) on the board. */
export function useTask(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.task(id),
    queryFn: async () => {
      const task = await getTask(id);
      patchBoardTask(queryClient, task.board_id, task);
      return task;
    },
    meta: { silent: true },
  });
}
