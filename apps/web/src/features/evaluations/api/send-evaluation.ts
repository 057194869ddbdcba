import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Evaluation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeEvaluation } from './cache';
import { evaluationPath } from './paths';

/** POST /api/evaluations/:id/send: irreversible; the invitees get a mail and a bell entry. */
export async function sendEvaluation(evaluationId: number): Promise<Evaluation> {
  const body = await api.post<{ data: Evaluation }>(`${evaluationPath(evaluationId)}/send`);
  return body.data;
}

export function useSendEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEvaluation,
    onSuccess: (evaluation) => storeEvaluation(queryClient, evaluation),
  });
}
