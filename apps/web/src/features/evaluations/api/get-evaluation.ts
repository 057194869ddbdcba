import { useQuery } from '@tanstack/react-query';
import type { Evaluation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { evaluationPath } from './paths';

/** GET /api/evaluations/:id */
export async function getEvaluation(evaluationId: number): Promise<Evaluation> {
  const body = await api.get<{ data: Evaluation }>(evaluationPath(evaluationId));
  return body.data;
}

/** One the reader may not see answers 404: the screen says "not found" itself, not a toast. */
export function useEvaluation(evaluationId: number) {
  return useQuery({
    queryKey: queryKeys.evaluation(evaluationId),
    queryFn: () => getEvaluation(evaluationId),
    enabled: Number.isInteger(evaluationId) && evaluationId > 0,
    meta: { silent: true },
  });
}
