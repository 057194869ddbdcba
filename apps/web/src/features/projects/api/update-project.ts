import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, UpdateProjectInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeProject } from './cache';

/** PUT /api/projects/:id: name, description, privacy (owner only). */
export async function updateProject(id: number, input: UpdateProjectInput): Promise<Project> {
  const body = await api.put<{ data: Project }>(`/projects/${id}`, input);
  return body.data;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateProjectInput }) => updateProject(id, input),
    onSuccess: (project) => storeProject(queryClient, project),
  });
}
