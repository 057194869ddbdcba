import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Label } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/labels/:id: the label leaves the tasks and boards that had it. */
export async function deleteLabel(id: number): Promise<void> {
  await api.delete<void>(`/labels/${id}`);
}

export function useDeleteLabel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLabel,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Label[]>(queryKeys.labels(projectId), (labels) =>
        labels?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.labels(projectId) });
      // Boards list which labels they offer, and their cards carry label ids.
      void queryClient.invalidateQueries({ queryKey: ['boards'] });
    },
  });
}
