import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Evaluation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeEvaluation } from './cache';
import { evaluationPath } from './paths';

/** POST /api/evaluations/:id/close: ends it now (status expired). */
export async function closeEvaluation(evaluationId: number): Promise<Evaluation> {
  const body = await api.post<{ data: Evaluation }>(`${evaluationPath(evaluationId)}/close`);
  return body.data;
}

export function useCloseEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeEvaluation,
    onSuccess: (evaluation) => storeEvaluation(queryClient, evaluation),
  });
}
