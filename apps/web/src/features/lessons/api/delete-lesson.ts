import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetLesson } from './cache';

/** DELETE /api/lessons/:id, by its author until it is published. */
export async function deleteLesson(lessonId: number): Promise<void> {
  await api.delete<void>(`/lessons/${lessonId}`);
}

export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLesson,
    onSuccess: (_result, lessonId) => forgetLesson(queryClient, lessonId),
  });
}
