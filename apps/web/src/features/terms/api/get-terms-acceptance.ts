import { useQuery } from '@tanstack/react-query';
import type { TermsAcceptance, TermsAcceptanceResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** GET /api/terms/acceptance: whether the signed-in person must accept the current version. */
export async function getTermsAcceptance(): Promise<TermsAcceptance> {
  return (await api.get<TermsAcceptanceResponse>('/terms/acceptance')).data;
}

export function useTermsAcceptance(isSignedIn: boolean) {
  return useQuery({
    queryKey: termsKeys.acceptance,
    queryFn: getTermsAcceptance,
    enabled: isSignedIn,
    meta: { silent: true },
  });
}
