import { useQuery } from '@tanstack/react-query';
import type { LessonSummary } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects/:id/lessons: every lesson written in the project, any status, newest first. */
export async function getProjectLessons(projectId: string): Promise<LessonSummary[]> {
  const body = await api.get<{ data: LessonSummary[] }>(`/projects/${encodeURIComponent(projectId)}/lessons`);
  return body.data;
}

export function useProjectLessons(projectId: string) {
  return useQuery({
    queryKey: queryKeys.projectLessons(projectId),
    queryFn: () => getProjectLessons(projectId),
  });
}
