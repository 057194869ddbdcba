import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardDetail, Column, CreateColumnInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/boards/:id/columns */
export async function createColumn(boardId: number, input: CreateColumnInput): Promise<Column> {
  const body = await api.post<{ data: Column }>(`/boards/${boardId}/columns`, input);
  return body.data;
}

export function useCreateColumn(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateColumnInput) => createColumn(boardId, input),
    onSuccess: (column) => {
      queryClient.setQueryData<BoardDetail>(queryKeys.board(boardId), (board) =>
        board ? { ...board, columns: [...board.columns, column] } : board,
      );
    },
  });
}
