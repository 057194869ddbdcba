import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** A part of a task changed: refetch that list, the log, and the task (its card counts follow). */
export function refreshTaskPart(queryClient: QueryClient, taskId: number, part: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.taskPart(taskId, part) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.taskPart(taskId, 'logs') });
}
