import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/tasks/:id: its attachments are removed from storage. */
export async function deleteTask(id: number): Promise<void> {
  await api.delete<void>(`/tasks/${id}`);
}

export function useDeleteTask(id: number, boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTask(id),
    onSuccess: () => {
      removeBoardTask(queryClient, boardId, id);
      queryClient.removeQueries({ queryKey: queryKeys.task(id) });
    },
  });
}
