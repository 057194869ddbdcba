import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardDetail, Column, UpdateColumnInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/columns/:id: rename, or reorder with a position between the new neighbours'. */
export async function updateColumn(id: number, input: UpdateColumnInput): Promise<Column> {
  const body = await api.put<{ data: Column }>(`/columns/${id}`, input);
  return body.data;
}

function replaceColumn(board: BoardDetail | undefined, column: Column): BoardDetail | undefined {
  return board ? { ...board, columns: board.columns.map((c) => (c.id === column.id ? column : c)) } : board;
}

/** Optimistic: the column takes its new name or place at once and goes back if the server refuses. */
export function useUpdateColumn(boardId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.board(boardId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateColumnInput }) => updateColumn(id, input),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BoardDetail>(key);
      const column = previous?.columns.find((c) => c.id === id);
      if (column) queryClient.setQueryData(key, replaceColumn(previous, { ...column, ...input }));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (column) =>
      queryClient.setQueryData<BoardDetail>(key, (board) => replaceColumn(board, column)),
  });
}
