import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TermsAcceptance, TermsAcceptanceResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { clearTermsRequired } from '../../../lib/terms-required-flag';
import { termsKeys } from './keys';

/** POST /api/terms/acceptance: accepts the version the person read. */
export async function acceptTerms(version: number): Promise<TermsAcceptance> {
  return (await api.post<TermsAcceptanceResponse>('/terms/acceptance', { version })).data;
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: async (standing) => {
      queryClient.setQueryData(termsKeys.acceptance, standing);
      clearTermsRequired();
      // Whatever was refused while the terms were pending is read again.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'terms' });
    },
    // A newer version was published meanwhile: show that one.
    onError: () => queryClient.invalidateQueries({ queryKey: termsKeys.all }),
  });
}
