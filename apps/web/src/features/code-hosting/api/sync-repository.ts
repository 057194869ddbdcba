import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Repository } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeRepository } from './get-repositories';

/** POST /api/repositories/:id/sync (owners and members): queues a sync now. */
export async function syncRepository(repositoryId: number): Promise<Repository> {
  const body = await api.post<{ data: Repository }>(`/repositories/${repositoryId}/sync`);
  return body.data;
}

/** The answer is the queued repository, which starts the list's polling. */
export function useSyncRepository(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncRepository,
    onSuccess: (repository) => storeRepository(queryClient, projectId, repository),
  });
}
