import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkRepositoryInput, LinkRepositoryResponseSchema } from '@teamboard/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { storeRepository } from './get-repositories';
import { codeHostingKeys, projectPath } from './keys';

/** The repository, and (after `authorize: true`) GitHub's address to send its owner to. */
export type LinkRepositoryResult = z.infer<typeof LinkRepositoryResponseSchema>;

/** POST /api/projects/:id/repositories (owners). */
export function linkRepository(projectId: string, input: LinkRepositoryInput): Promise<LinkRepositoryResult> {
  return api.post<LinkRepositoryResult>(`${projectPath(projectId)}/repositories`, input);
}

/** Silent: the form shows a refusal under its field (or as a toast when no field fits). */
export function useLinkRepository(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkRepositoryInput) => linkRepository(projectId, input),
    onSuccess: (result) => {
      storeRepository(queryClient, projectId, result.data);
      void queryClient.invalidateQueries({ queryKey: codeHostingKeys.repositories(projectId) });
    },
    meta: { silent: true },
  });
}
