import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board, CreateBoardInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/projects/:id/boards: appended last. */
export async function createBoard(projectId: string, input: CreateBoardInput): Promise<Board> {
  const body = await api.post<{ data: Board }>(`/projects/${encodeURIComponent(projectId)}/boards`, input);
  return body.data;
}

export function useCreateBoard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBoardInput) => createBoard(projectId, input),
    onSuccess: (board) => {
      queryClient.setQueryData<Board[]>(queryKeys.boards(projectId), (boards) => [...(boards ?? []), board]);
    },
  });
}
