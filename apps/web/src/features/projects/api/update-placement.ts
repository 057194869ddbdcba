import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, UpdatePlacementInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { storeProject } from './cache';

/** PUT /api/projects/:id/placement: the caller's own folder, order and favorite mark. */
export async function updatePlacement(id: number, input: UpdatePlacementInput): Promise<Project> {
  const body = await api.put<{ data: Project }>(`/projects/${id}/placement`, input);
  return body.data;
}

/** Applied at once in the cache (a star or a move must feel instant), undone if the server refuses. */
export function useUpdatePlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdatePlacementInput }) => updatePlacement(id, input),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.projects });
      const previous = queryClient.getQueryData<Project[]>(queryKeys.projects);
      queryClient.setQueryData<Project[]>(queryKeys.projects, (projects) =>
        projects?.map((project) => (project.id === id ? { ...project, ...input } : project)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.projects, context.previous);
    },
    onSuccess: (project) => storeProject(queryClient, project),
  });
}
