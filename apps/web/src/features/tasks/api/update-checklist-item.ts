import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistItem, UpdateChecklistItemInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** PUT /api/checklist/:id */
export async function updateChecklistItem(
  id: number,
  input: UpdateChecklistItemInput,
): Promise<ChecklistItem> {
  const body = await api.put<{ data: ChecklistItem }>(`/checklist/${id}`, input);
  return body.data;
}

export function useUpdateChecklistItem(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateChecklistItemInput }) =>
      updateChecklistItem(id, input),
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'checklist'),
  });
}
