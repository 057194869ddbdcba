import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EvaluationAnswersInputBody, MyEvaluationAnswers } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { evaluationPath } from './paths';

/** PUT /api/evaluations/:id/answers: the caller's whole set, as a draft or submitted. */
export async function saveAnswers(
  evaluationId: number,
  input: EvaluationAnswersInputBody,
): Promise<MyEvaluationAnswers> {
  const body = await api.put<{ data: MyEvaluationAnswers }>(`${evaluationPath(evaluationId)}/answers`, input);
  return body.data;
}

/** Silent: the form says a refusal above its buttons. */
export function useSaveAnswers(evaluationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EvaluationAnswersInputBody) => saveAnswers(evaluationId, input),
    onSuccess: (answers) => {
      queryClient.setQueryData(queryKeys.evaluationPart(evaluationId, 'answers'), answers);
      // The lists' "my answers" badges, the bell and the counts of submitted.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.allEvaluations,
        predicate: (query) => query.queryKey[1] !== 'answers',
      });
    },
    meta: { silent: true },
  });
}
