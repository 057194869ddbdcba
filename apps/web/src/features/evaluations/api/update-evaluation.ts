import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Evaluation, EvaluationInputBody } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeEvaluation } from './cache';
import { evaluationPath } from './paths';

/** PUT /api/evaluations/:id: a draft, whole (a sent one answers 409 EVALUATION_ALREADY_SENT). */
export async function updateEvaluation(
  evaluationId: number,
  input: EvaluationInputBody,
): Promise<Evaluation> {
  const body = await api.put<{ data: Evaluation }>(evaluationPath(evaluationId), input);
  return body.data;
}

/** Silent: the form shows a refusal under its field (or as a toast when no field fits). */
export function useUpdateEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ evaluationId, input }: { evaluationId: number; input: EvaluationInputBody }) =>
      updateEvaluation(evaluationId, input),
    onSuccess: (evaluation) => storeEvaluation(queryClient, evaluation),
    meta: { silent: true },
  });
}
