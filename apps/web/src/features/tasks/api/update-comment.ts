import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** PUT /api/comments/:id */
export async function updateComment(id: number, input: CommentInput): Promise<Comment> {
  const body = await api.put<{ data: Comment }>(`/comments/${id}`, input);
  return body.data;
}

export function useUpdateComment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CommentInput }) => updateComment(id, input),
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'comments'),
  });
}
