import { useInfiniteQuery } from '@tanstack/react-query';
import { COMMIT_SEARCH_PAGE_SIZE, type PullRequestListResponseSchema } from '@teamboard/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { codeHostingKeys, projectPath } from './keys';

export type PullRequestPage = z.infer<typeof PullRequestListResponseSchema>;

/** GET /api/projects/:id/pull_requests?limit=&cursor= — newest first. */
export function getPullRequests(projectId: string, cursor: string | null): Promise<PullRequestPage> {
  const query = new URLSearchParams({ limit: String(COMMIT_SEARCH_PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', cursor);
  return api.get<PullRequestPage>(`${projectPath(projectId)}/pull_requests?${query}`);
}

export function usePullRequests(projectId: string) {
  return useInfiniteQuery({
    queryKey: codeHostingKeys.pullRequests(projectId),
    queryFn: ({ pageParam }) => getPullRequests(projectId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}
