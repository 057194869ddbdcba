import { useQuery } from '@tanstack/react-query';
import type { MyEvaluationAnswers } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { evaluationPath } from './paths';

/** GET /api/evaluations/:id/answers: the caller's own answers and whom they rate. */
export async function getMyAnswers(evaluationId: number): Promise<MyEvaluationAnswers> {
  const body = await api.get<{ data: MyEvaluationAnswers }>(`${evaluationPath(evaluationId)}/answers`);
  return body.data;
}

export function useMyAnswers(evaluationId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.evaluationPart(evaluationId, 'answers'),
    queryFn: () => getMyAnswers(evaluationId),
    enabled: enabled && evaluationId > 0,
    meta: { silent: true },
  });
}
