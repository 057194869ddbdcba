import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetProject } from './cache';

/** DELETE /api/projects/:id: the project and everything inside it (owner only). */
export async function deleteProject(id: number): Promise<void> {
  await api.delete<void>(`/projects/${id}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, id) => forgetProject(queryClient, id),
  });
}
