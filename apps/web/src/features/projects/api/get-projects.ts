import { useQuery } from '@tanstack/react-query';
import type { Project } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects: every project of the caller, members included, in one answer. */
export async function getProjects(): Promise<Project[]> {
  const body = await api.get<{ data: Project[] }>('/projects');
  return body.data;
}

export function useProjects() {
  return useQuery({ queryKey: queryKeys.projects, queryFn: getProjects });
}
