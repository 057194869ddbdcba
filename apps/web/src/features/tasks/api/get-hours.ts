import { useQuery } from '@tanstack/react-query';
import type { Hour } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tasks/:id/hours */
export async function getHours(taskId: number): Promise<Hour[]> {
  const body = await api.get<{ data: Hour[] }>(`/tasks/${taskId}/hours`);
  return body.data;
}

export function useHours(taskId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.taskPart(taskId, 'hours'),
    queryFn: () => getHours(taskId),
    enabled,
  });
}
