import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { evaluationPath } from './paths';

/** DELETE /api/evaluations/:id: drafts only. */
export async function deleteEvaluation(evaluationId: number): Promise<void> {
  await api.delete(evaluationPath(evaluationId));
}

export function useDeleteEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvaluation,
    onSuccess: (_, evaluationId) => {
      queryClient.removeQueries({ queryKey: queryKeys.evaluation(evaluationId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allEvaluations });
    },
  });
}
