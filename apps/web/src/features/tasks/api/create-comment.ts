import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentInput, Comment } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** POST /api/tasks/:id/comments */
export async function createComment(taskId: number, input: CommentInput): Promise<Comment> {
  const body = await api.post<{ data: Comment }>(`/tasks/${taskId}/comments`, input);
  return body.data;
}

export function useCreateComment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) => createComment(taskId, input),
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'comments'),
  });
}
