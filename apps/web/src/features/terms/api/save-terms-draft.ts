import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TermsDraft, TermsDraftInput, TermsDraftResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** PUT /api/terms/draft (admins). */
export async function saveTermsDraft(input: TermsDraftInput): Promise<TermsDraft> {
  return (await api.put<TermsDraftResponse>('/terms/draft', input)).data;
}

export function useSaveTermsDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTermsDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsKeys.history }),
  });
}
