import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board, BoardDetail, UpdateBoardInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/boards/:id */
export async function updateBoard(id: number, input: UpdateBoardInput): Promise<Board> {
  const body = await api.put<{ data: Board }>(`/boards/${id}`, input);
  return body.data;
}

export function useUpdateBoard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateBoardInput }) => updateBoard(id, input),
    onSuccess: (board) => {
      queryClient.setQueryData<Board[]>(queryKeys.boards(projectId), (boards) =>
        boards?.map((item) => (item.id === board.id ? board : item)),
      );
      queryClient.setQueryData<BoardDetail>(queryKeys.board(board.id), (detail) =>
        detail ? { ...detail, board } : detail,
      );
    },
  });
}
