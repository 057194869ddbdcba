import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TermsVersion, TermsVersionResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** POST /api/terms/draft/publish (admins): the saved draft becomes the next version. */
export async function publishTerms(): Promise<TermsVersion> {
  return (await api.post<TermsVersionResponse>('/terms/draft/publish')).data;
}

export function usePublishTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsKeys.all }),
  });
}
