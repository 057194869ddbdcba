import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkCommitInput, TaskDetail } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/tasks/:id/commits: sets the task's commit link. */
export async function linkCommit(id: number, input: LinkCommitInput): Promise<TaskDetail> {
  const body = await api.post<{ data: TaskDetail }>(`/tasks/${id}/commits`, input);
  return body.data;
}

/** DELETE /api/tasks/:id/commits: clears it. */
export async function unlinkCommit(id: number): Promise<TaskDetail> {
  const body = await api.delete<{ data: TaskDetail }>(`/tasks/${id}/commits`);
  return body.data;
}

export function useLinkCommit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkCommitInput | null) =>
      input === null ? unlinkCommit(id) : linkCommit(id, input),
    onSuccess: (task) => {
      queryClient.setQueryData(queryKeys.task(id), task);
      patchBoardTask(queryClient, task.board_id, task);
    },
  });
}
