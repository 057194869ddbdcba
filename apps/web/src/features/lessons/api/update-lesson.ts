import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lesson, UpdateLessonInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeLesson } from './cache';

/** PUT /api/lessons/:id, by its author until it is published; `submit` moves it to pending or draft. */
export async function updateLesson(lessonId: number, input: UpdateLessonInput): Promise<Lesson> {
  const body = await api.put<{ data: Lesson }>(`/lessons/${lessonId}`, input);
  return body.data;
}

/** Silent when `isSilent`: the form shows a refusal under its field itself. */
export function useUpdateLesson({ isSilent = false }: { isSilent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: number; input: UpdateLessonInput }) =>
      updateLesson(lessonId, input),
    onSuccess: (lesson) => storeLesson(queryClient, lesson),
    meta: { silent: isSilent },
  });
}
