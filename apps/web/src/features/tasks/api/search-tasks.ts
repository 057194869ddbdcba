import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/boards/:id/tasks?q= (title, description, label name, member name) or ?archived=true. */
export async function searchTasks(
  boardId: number,
  params: { q?: string; archived?: boolean },
): Promise<TaskSummary[]> {
  const query = new URLSearchParams();
  if (params.q !== undefined) query.set('q', params.q);
  if (params.archived) query.set('archived', 'true');
  const body = await api.get<{ data: TaskSummary[] }>(`/boards/${boardId}/tasks?${query.toString()}`);
  return body.data;
}

export function useSearchTasks(boardId: number, q: string) {
  return useQuery({
    queryKey: queryKeys.boardSearch(boardId, q),
    queryFn: () => searchTasks(boardId, { q }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

export function useArchivedTasks(boardId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.archivedTasks(boardId),
    queryFn: () => searchTasks(boardId, { archived: true }),
    enabled,
  });
}
