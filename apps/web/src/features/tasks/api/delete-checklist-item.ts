import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** DELETE /api/checklist/:id */
export async function deleteChecklistItem(id: number): Promise<void> {
  await api.delete<void>(`/checklist/${id}`);
}

export function useDeleteChecklistItem(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChecklistItem,
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'checklist'),
  });
}
