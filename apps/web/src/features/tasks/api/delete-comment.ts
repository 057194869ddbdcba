import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** DELETE /api/comments/:id */
export async function deleteComment(id: number): Promise<void> {
  await api.delete<void>(`/comments/${id}`);
}

export function useDeleteComment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'comments'),
  });
}
