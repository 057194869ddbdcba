import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Board } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects/:id/boards, by position. */
export async function getBoards(projectId: string): Promise<Board[]> {
  const body = await api.get<{ data: Board[] }>(`/projects/${encodeURIComponent(projectId)}/boards`);
  return body.data;
}

export function boardsQueryOptions(projectId: string) {
  return queryOptions({ queryKey: queryKeys.boards(projectId), queryFn: () => getBoards(projectId) });
}

export function useBoards(projectId: string) {
  return useQuery(boardsQueryOptions(projectId));
}
