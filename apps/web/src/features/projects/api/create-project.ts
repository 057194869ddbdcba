import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectInput, Project } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { storeProject } from './cache';

/** POST /api/projects: 403 MAX_PROJECTS_REACHED once a student owns `max_projects` projects. */
export async function createProject(input: CreateProjectInput): Promise<Project> {
  const body = await api.post<{ data: Project }>('/projects', input);
  return body.data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      storeProject(queryClient, project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
