import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lesson, LessonAbuseInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeLesson } from './cache';

/** POST /api/lessons/:id/abuse: once per user; enough reports hide the lesson until an admin looks. */
export async function reportLesson(lessonId: number, input: LessonAbuseInput): Promise<Lesson> {
  const body = await api.post<{ data: Lesson }>(`/lessons/${lessonId}/abuse`, input);
  return body.data;
}

export function useReportLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: number; input: LessonAbuseInput }) =>
      reportLesson(lessonId, input),
    onSuccess: (lesson) => storeLesson(queryClient, lesson),
  });
}
