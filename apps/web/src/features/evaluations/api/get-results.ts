import { useQuery } from '@tanstack/react-query';
import type { EvaluationResults } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { evaluationPath } from './paths';

/** GET /api/evaluations/:id/results: every subject (owners) or the caller's own block. */
export async function getResults(evaluationId: number): Promise<EvaluationResults> {
  const body = await api.get<{ data: EvaluationResults }>(`${evaluationPath(evaluationId)}/results`);
  return body.data;
}

export function useResults(evaluationId: number) {
  return useQuery({
    queryKey: queryKeys.evaluationPart(evaluationId, 'results'),
    queryFn: () => getResults(evaluationId),
    enabled: evaluationId > 0,
    meta: { silent: true },
  });
}
