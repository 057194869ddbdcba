import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_DEFAULT_LIMIT, type ActivityPage } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/activity?limit=&cursor=: newest first; `next_cursor` asks for the next page. */
export function getActivity(
  cursor: string | null,
  limit = ACTIVITY_PAGE_DEFAULT_LIMIT,
): Promise<ActivityPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor !== null) params.set('cursor', cursor);
  return api.get<ActivityPage>(`/activity?${params.toString()}`);
}

export function useActivity() {
  return useInfiniteQuery({
    queryKey: queryKeys.activity,
    queryFn: ({ pageParam }) => getActivity(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}
