import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment } from '@teamboard/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/tasks/:id/attachments as multipart `file`; 413 when too big, 422 for a forbidden type. */
export async function uploadAttachment(taskId: number, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiRequest<{ data: Attachment }>(`/tasks/${taskId}/attachments`, {
    method: 'POST',
    body: form,
    timeoutMs: 120_000,
  });
  return response.data.data;
}

export function useUploadAttachment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAttachment(taskId, file),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskPart(taskId, 'attachments') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId) });
    },
  });
}
