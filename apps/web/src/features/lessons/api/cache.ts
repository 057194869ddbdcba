import type { QueryClient } from '@tanstack/react-query';
import type { Lesson } from '@teamboard/contract';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a change the server answered with the lesson: the detail takes it at once, and every list
 * it may appear in (search, project, mine, the admins' queues and badge) is read again.
 */
export function storeLesson(queryClient: QueryClient, lesson: Lesson): void {
  queryClient.setQueryData<Lesson>(queryKeys.lesson(lesson.lesson_id), lesson);
  refreshLessonLists(queryClient);
}

/** Every lesson query but the details (reading a detail again would be a fresh view of nothing new). */
export function refreshLessonLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: queryKeys.allLessons,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
  void queryClient.invalidateQueries({ queryKey: ['lesson-tags'] });
}

export function forgetLesson(queryClient: QueryClient, lessonId: number): void {
  queryClient.removeQueries({ queryKey: queryKeys.lesson(lessonId) });
  refreshLessonLists(queryClient);
}
