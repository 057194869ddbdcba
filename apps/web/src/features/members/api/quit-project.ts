import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/projects/:id/membership: the caller leaves (409 LAST_OWNER for the last owner). */
export async function quitProject(projectId: string): Promise<void> {
  await api.delete<void>(`/projects/${encodeURIComponent(projectId)}/membership`);
}

export function useQuitProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => quitProject(projectId),
    onSuccess: () => {
      queryClient.setQueryData<Project[]>(queryKeys.projects, (projects) =>
        projects?.filter((project) => String(project.id) !== projectId),
      );
      // Marked stale without a refetch: the screen still open on the project is about to leave it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.members(projectId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
