import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardDetail } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/columns/:id: its tasks go with it. */
export async function deleteColumn(id: number): Promise<void> {
  await api.delete<void>(`/columns/${id}`);
}

export function useDeleteColumn(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteColumn,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<BoardDetail>(queryKeys.board(boardId), (board) =>
        board
          ? {
              ...board,
              columns: board.columns.filter((c) => c.id !== id),
              tasks: board.tasks.filter((task) => task.column_id !== id),
            }
          : board,
      );
    },
  });
}
