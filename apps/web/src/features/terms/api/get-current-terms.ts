import { useQuery } from '@tanstack/react-query';
import type { CurrentTermsResponse, TermsVersion } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** GET /api/terms/current (public): the version in force. */
export async function getCurrentTerms(): Promise<TermsVersion | null> {
  return (await api.get<CurrentTermsResponse>('/terms/current')).data;
}

export function useCurrentTerms() {
  return useQuery({ queryKey: termsKeys.current, queryFn: getCurrentTerms });
}
