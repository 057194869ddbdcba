import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Repository } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { codeHostingKeys } from './keys';

/** DELETE /api/repositories/:id (owners): collected commits stay linked to their tasks. */
export async function unlinkRepository(repositoryId: number): Promise<void> {
  await api.delete<void>(`/repositories/${repositoryId}`);
}

export function useUnlinkRepository(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkRepository,
    onSuccess: (_result, repositoryId) => {
      queryClient.setQueryData<Repository[]>(codeHostingKeys.repositories(projectId), (list) =>
        list?.filter((repository) => repository.id !== repositoryId),
      );
      void queryClient.invalidateQueries({ queryKey: codeHostingKeys.pullRequests(projectId) });
    },
  });
}
