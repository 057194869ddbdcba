import { useQuery } from '@tanstack/react-query';
import type { LessonReviewState, LessonSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ReviewState = LessonReviewState;

/**
 * GET /api/lessons/review?state= (admins): the approval queue, oldest first, the hidden lessons, or
 * the reported ones still shown.
 */
export async function getReviewLessons(state: ReviewState): Promise<LessonSummary[]> {
  const body = await api.get<{ data: LessonSummary[] }>(`/lessons/review?state=${state}`);
  return body.data;
}

export function useReviewLessons(state: ReviewState) {
  return useQuery({ queryKey: queryKeys.lessonReview(state), queryFn: () => getReviewLessons(state) });
}
