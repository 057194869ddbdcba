import { useQuery } from '@tanstack/react-query';
import type { ChecklistItem } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tasks/:id/checklist */
export async function getChecklist(taskId: number): Promise<ChecklistItem[]> {
  const body = await api.get<{ data: ChecklistItem[] }>(`/tasks/${taskId}/checklist`);
  return body.data;
}

export function useChecklist(taskId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.taskPart(taskId, 'checklist'),
    queryFn: () => getChecklist(taskId),
    enabled,
  });
}
