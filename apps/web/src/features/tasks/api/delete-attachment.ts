import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** DELETE /api/attachments/:id */
export async function deleteAttachment(id: number): Promise<void> {
  await api.delete<void>(`/attachments/${id}`);
}

export function useDeleteAttachment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'attachments'),
  });
}
