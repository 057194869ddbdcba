import { useQuery } from '@tanstack/react-query';
import type { Comment } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tasks/:id/comments */
export async function getComments(taskId: number): Promise<Comment[]> {
  const body = await api.get<{ data: Comment[] }>(`/tasks/${taskId}/comments`);
  return body.data;
}

export function useComments(taskId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.taskPart(taskId, 'comments'),
    queryFn: () => getComments(taskId),
    enabled,
  });
}
