import { useQuery } from '@tanstack/react-query';
import type { PendingEvaluation } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/me/evaluations: active evaluations sent to the caller, in every project, not yet submitted. */
export async function getPendingEvaluations(): Promise<PendingEvaluation[]> {
  const body = await api.get<{ data: PendingEvaluation[] }>('/me/evaluations');
  return body.data;
}

/** The bell's list: a failure shows nothing rather than a toast on every screen. */
export function usePendingEvaluations() {
  return useQuery({
    queryKey: queryKeys.pendingEvaluations,
    queryFn: getPendingEvaluations,
    meta: { silent: true },
  });
}
