import { useQuery } from '@tanstack/react-query';
import type { LessonReports } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/lessons/:id/reports (admins): who reported it, and whether each report counts. */
export async function getLessonReports(lessonId: number): Promise<LessonReports> {
  const body = await api.get<{ data: LessonReports }>(`/lessons/${lessonId}/reports`);
  return body.data;
}

export function useLessonReports(lessonId: number) {
  return useQuery({
    queryKey: queryKeys.lessonReports(lessonId),
    queryFn: () => getLessonReports(lessonId),
  });
}
