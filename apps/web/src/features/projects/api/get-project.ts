import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects/:id: the project as the caller sees it (their role, folder and order). */
export async function getProject(id: string): Promise<Project> {
  const body = await api.get<{ data: Project }>(`/projects/${encodeURIComponent(id)}`);
  return body.data;
}

/** The screen shows a 404 itself (Not Found state), so the failure is not a toast. */
export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.project(id),
    queryFn: () => getProject(id),
    meta: { silent: true },
  });
}

export function useProject(id: string | undefined) {
  return useQuery({ ...projectQueryOptions(id ?? ''), enabled: id !== undefined && id !== '' });
}
