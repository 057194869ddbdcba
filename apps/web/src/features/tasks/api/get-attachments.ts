import { useQuery } from '@tanstack/react-query';
import type { Attachment } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tasks/:id/attachments */
export async function getAttachments(taskId: number): Promise<Attachment[]> {
  const body = await api.get<{ data: Attachment[] }>(`/tasks/${taskId}/attachments`);
  return body.data;
}

export function useAttachments(taskId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.taskPart(taskId, 'attachments'),
    queryFn: () => getAttachments(taskId),
    enabled,
  });
}
