import { useQuery } from '@tanstack/react-query';
import type { TaskLog } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tasks/:id/logs */
export async function getTaskLogs(taskId: number): Promise<TaskLog[]> {
  const body = await api.get<{ data: TaskLog[] }>(`/tasks/${taskId}/logs`);
  return body.data;
}

export function useTaskLogs(taskId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.taskPart(taskId, 'logs'),
    queryFn: () => getTaskLogs(taskId),
    enabled,
  });
}
