import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Repository } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { codeHostingKeys, projectPath } from './keys';

/** How often the list is read again while a sync is waiting or under way. */
export const SYNC_POLL_MS = 2000;

export function isSyncing(repository: Repository): boolean {
  return repository.sync_state === 'queued' || repository.sync_state === 'running';
}

/** GET /api/projects/:id/repositories */
export async function getRepositories(projectId: string): Promise<Repository[]> {
  const body = await api.get<{ data: Repository[] }>(`${projectPath(projectId)}/repositories`);
  return body.data;
}

/** The project's repositories, polled every 2 s while any of them is queued or syncing. */
export function useRepositories(projectId: string) {
  return useQuery({
    queryKey: codeHostingKeys.repositories(projectId),
    queryFn: () => getRepositories(projectId),
    refetchInterval: (query) => (query.state.data?.some(isSyncing) ? SYNC_POLL_MS : false),
  });
}

/** Puts a repository the server answered with into the cached list (replacing its old copy). */
export function storeRepository(queryClient: QueryClient, projectId: string, repository: Repository): void {
  queryClient.setQueryData<Repository[]>(codeHostingKeys.repositories(projectId), (list) => {
    if (!list) return list;
    const index = list.findIndex((item) => item.id === repository.id);
    return index === -1 ? [...list, repository] : list.map((item, i) => (i === index ? repository : item));
  });
}
