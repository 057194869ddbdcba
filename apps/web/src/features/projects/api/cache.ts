import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '@teamboard/contract';
import { queryKeys } from '../../../lib/query-keys';

/** Puts a project the server answered into the list and the single-project caches. */
export function storeProject(queryClient: QueryClient, project: Project): void {
  queryClient.setQueryData<Project[]>(queryKeys.projects, (projects) =>
    projects?.some((item) => item.id === project.id)
      ? projects.map((item) => (item.id === project.id ? project : item))
      : projects && [...projects, project],
  );
  queryClient.setQueryData<Project>(queryKeys.project(String(project.id)), project);
}

export function forgetProject(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Project[]>(queryKeys.projects, (projects) =>
    projects?.filter((item) => item.id !== id),
  );
  queryClient.removeQueries({ queryKey: queryKeys.project(String(id)) });
}
