import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Evaluation, EvaluationInputBody } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeEvaluation } from './cache';
import { projectEvaluationsPath } from './paths';

/** POST /api/projects/:id/evaluations: a draft. */
export async function createEvaluation(projectId: string, input: EvaluationInputBody): Promise<Evaluation> {
  const body = await api.post<{ data: Evaluation }>(projectEvaluationsPath(projectId), input);
  return body.data;
}

/** Silent: the form shows a refusal under its field (or as a toast when no field fits). */
export function useCreateEvaluation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EvaluationInputBody) => createEvaluation(projectId, input),
    onSuccess: (evaluation) => storeEvaluation(queryClient, evaluation),
    meta: { silent: true },
  });
}
