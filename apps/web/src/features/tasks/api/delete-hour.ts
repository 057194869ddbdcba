import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** DELETE /api/hours/:id */
export async function deleteHour(id: number): Promise<void> {
  await api.delete<void>(`/hours/${id}`);
}

export function useDeleteHour(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHour,
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'hours'),
  });
}
