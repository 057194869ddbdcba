import { useQuery } from '@tanstack/react-query';
import type { EvaluationList } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { projectEvaluationsPath } from './paths';

/** GET /api/projects/:id/evaluations: owners get every one (drafts too), others the ones sent to them. */
export async function getEvaluations(projectId: string): Promise<EvaluationList> {
  const body = await api.get<{ data: EvaluationList }>(projectEvaluationsPath(projectId));
  return body.data;
}

export function useEvaluations(projectId: string) {
  return useQuery({
    queryKey: queryKeys.projectEvaluations(projectId),
    queryFn: () => getEvaluations(projectId),
  });
}
