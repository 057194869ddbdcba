import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Evaluation, EvaluationDeadlineInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeEvaluation } from './cache';
import { evaluationPath } from './paths';

/** PUT /api/evaluations/:id/deadline: sent ones only, never before the publication date; reopens a closed one. */
export async function updateDeadline(
  evaluationId: number,
  input: EvaluationDeadlineInput,
): Promise<Evaluation> {
  const body = await api.put<{ data: Evaluation }>(`${evaluationPath(evaluationId)}/deadline`, input);
  return body.data;
}

/** Silent: the refusal is shown under the date field. */
export function useUpdateDeadline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ evaluationId, deadline }: { evaluationId: number; deadline: string }) =>
      updateDeadline(evaluationId, { deadline }),
    onSuccess: (evaluation) => storeEvaluation(queryClient, evaluation),
    meta: { silent: true },
  });
}
