import type { QueryClient } from '@tanstack/react-query';
import type { Evaluation } from '@teamboard/contract';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a change the server answered with the evaluation: its page takes it at once, and every
 * list, the bell and the results are read again.
 */
export function storeEvaluation(queryClient: QueryClient, evaluation: Evaluation): void {
  queryClient.setQueryData<Evaluation>(queryKeys.evaluation(evaluation.id), evaluation);
  void queryClient.invalidateQueries({
    queryKey: queryKeys.allEvaluations,
    predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === evaluation.id),
  });
}
