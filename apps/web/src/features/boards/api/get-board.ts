import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoardDetail } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/boards/:id: the whole board (columns, cards, labels) in one answer. */
export async function getBoard(boardId: number): Promise<BoardDetail> {
  const body = await api.get<{ data: BoardDetail }>(`/boards/${boardId}`);
  return body.data;
}

export function boardQueryOptions(boardId: number) {
  return queryOptions({ queryKey: queryKeys.board(boardId), queryFn: () => getBoard(boardId) });
}

export function useBoard(boardId: number | null) {
  return useQuery({ ...boardQueryOptions(boardId ?? 0), enabled: boardId !== null });
}
