import { useQuery } from '@tanstack/react-query';
import type { LessonSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/lessons/mine: the caller's own lessons, any status. */
export async function getMyLessons(): Promise<LessonSummary[]> {
  const body = await api.get<{ data: LessonSummary[] }>('/lessons/mine');
  return body.data;
}

export function useMyLessons() {
  return useQuery({ queryKey: queryKeys.myLessons, queryFn: getMyLessons });
}
