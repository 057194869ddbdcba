import { useQuery } from '@tanstack/react-query';
import type { Lesson } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/lessons/:id: the first read by a user counts one view. */
export async function getLesson(lessonId: number): Promise<Lesson> {
  const body = await api.get<{ data: Lesson }>(`/lessons/${lessonId}`);
  return body.data;
}

/** A lesson the reader may not see answers 404: the screen shows "not found" itself, not a toast. */
export function useLesson(lessonId: number) {
  return useQuery({
    queryKey: queryKeys.lesson(lessonId),
    queryFn: () => getLesson(lessonId),
    enabled: Number.isInteger(lessonId) && lessonId > 0,
    meta: { silent: true },
  });
}
