import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** DELETE /api/terms/draft (admins). */
export async function discardTermsDraft(): Promise<void> {
  await api.delete('/terms/draft');
}

export function useDiscardTermsDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardTermsDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsKeys.history }),
  });
}
