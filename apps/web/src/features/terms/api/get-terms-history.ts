import { useQuery } from '@tanstack/react-query';
import type { TermsHistoryResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** GET /api/terms/versions (admins): every published version, newest first, and the draft. */
export function getTermsHistory(): Promise<TermsHistoryResponse> {
  return api.get<TermsHistoryResponse>('/terms/versions');
}

export function useTermsHistory() {
  return useQuery({ queryKey: termsKeys.history, queryFn: getTermsHistory });
}
