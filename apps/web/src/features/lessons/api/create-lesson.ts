import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLessonInput, Lesson } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeLesson } from './cache';

/** POST /api/projects/:id/lessons: `submit: true` sends it for approval, else it is a draft. */
export async function createLesson(projectId: string, input: CreateLessonInput): Promise<Lesson> {
  const body = await api.post<{ data: Lesson }>(`/projects/${encodeURIComponent(projectId)}/lessons`, input);
  return body.data;
}

/** Silent: the form shows a refusal under its field (or as a toast when no field fits). */
export function useCreateLesson(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLessonInput) => createLesson(projectId, input),
    onSuccess: (lesson) => storeLesson(queryClient, lesson),
    meta: { silent: true },
  });
}
