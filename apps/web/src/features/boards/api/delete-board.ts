import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/boards/:id: its columns, tasks and files go with it. */
export async function deleteBoard(id: number): Promise<void> {
  await api.delete<void>(`/boards/${id}`);
}

export function useDeleteBoard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBoard,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Board[]>(queryKeys.boards(projectId), (boards) =>
        boards?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.board(id) });
    },
  });
}
