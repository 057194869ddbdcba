import { useQuery } from '@tanstack/react-query';
import type { Project } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { courseTemplateKeys } from './keys';

/** GET /api/projects: the caller's projects, the sources a template can be copied from here. */
export async function getMyProjects(): Promise<Project[]> {
  return (await api.get<{ data: Project[] }>('/projects')).data;
}

export function useMyProjects(isEnabled: boolean) {
  return useQuery({ queryKey: courseTemplateKeys.myProjects, queryFn: getMyProjects, enabled: isEnabled });
}
