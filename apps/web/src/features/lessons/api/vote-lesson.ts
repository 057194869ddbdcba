import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lesson } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeLesson } from './cache';

/** PUT /api/lessons/:id/vote sets the caller's one vote, DELETE clears it; repeating changes nothing. */
export async function voteLesson(lessonId: number, isVoting: boolean): Promise<Lesson> {
  const path = `/lessons/${lessonId}/vote`;
  const body = isVoting ? await api.put<{ data: Lesson }>(path) : await api.delete<{ data: Lesson }>(path);
  return body.data;
}

export function useVoteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, isVoting }: { lessonId: number; isVoting: boolean }) =>
      voteLesson(lessonId, isVoting),
    onSuccess: (lesson) => storeLesson(queryClient, lesson),
  });
}
