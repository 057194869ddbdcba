import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lesson } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeLesson } from './cache';

/** The admins' decisions; disapprove and unpublish carry the reason the author reads. */
export type ReviewAction = 'approve' | 'disapprove' | 'unpublish' | 'restore';

export const ACTIONS_WITH_REASON: readonly ReviewAction[] = ['disapprove', 'unpublish'];

/** POST /api/lessons/:id/{approve,disapprove,unpublish,restore} (admins). */
export async function reviewLesson(lessonId: number, action: ReviewAction, reason?: string): Promise<Lesson> {
  const input = ACTIONS_WITH_REASON.includes(action) ? { reason } : undefined;
  const body = await api.post<{ data: Lesson }>(`/lessons/${lessonId}/${action}`, input);
  return body.data;
}

export function useReviewLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, action, reason }: { lessonId: number; action: ReviewAction; reason?: string }) =>
      reviewLesson(lessonId, action, reason),
    onSuccess: (lesson) => storeLesson(queryClient, lesson),
  });
}
