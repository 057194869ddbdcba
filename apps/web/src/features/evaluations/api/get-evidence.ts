import { useQuery } from '@tanstack/react-query';
import type { EvaluationEvidence } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { evaluationPath } from './paths';

/** GET /api/evaluations/:id/evidence: the facts of each person rated, over the evaluation's period. */
export async function getEvidence(evaluationId: number): Promise<EvaluationEvidence> {
  const body = await api.get<{ data: EvaluationEvidence }>(`${evaluationPath(evaluationId)}/evidence`);
  return body.data;
}

/** Silent and tried once: the answer form works without it (a quiet notice says so). */
export function useEvidence(evaluationId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.evaluationPart(evaluationId, 'evidence'),
    queryFn: () => getEvidence(evaluationId),
    enabled: enabled && evaluationId > 0,
    retry: false,
    meta: { silent: true },
  });
}
