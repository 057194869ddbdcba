import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ReviewCount {
  pending: number;
  hidden: number;
}

/** GET /api/lessons/review/count (admins): what waits for a review, for the dashboard menu's badge. */
export async function getReviewCount(): Promise<ReviewCount> {
  const body = await api.get<{ data: ReviewCount }>('/lessons/review/count');
  return body.data;
}

/** Asked only for admins; a failure leaves the badge out rather than raising a toast. */
export function useReviewCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.lessonReviewCount,
    queryFn: getReviewCount,
    enabled,
    // New lessons reach the queue from other people: the badge looks again now and then.
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}
