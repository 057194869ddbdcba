import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateChecklistItemInput, ChecklistItem } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** POST /api/tasks/:id/checklist */
export async function createChecklistItem(
  taskId: number,
  input: CreateChecklistItemInput,
): Promise<ChecklistItem> {
  const body = await api.post<{ data: ChecklistItem }>(`/tasks/${taskId}/checklist`, input);
  return body.data;
}

export function useCreateChecklistItem(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChecklistItemInput) => createChecklistItem(taskId, input),
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'checklist'),
  });
}
