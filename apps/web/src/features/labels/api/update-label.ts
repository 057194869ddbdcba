import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Label, UpdateLabelInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/labels/:id */
export async function updateLabel(id: number, input: UpdateLabelInput): Promise<Label> {
  const body = await api.put<{ data: Label }>(`/labels/${id}`, input);
  return body.data;
}

export function useUpdateLabel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateLabelInput }) => updateLabel(id, input),
    onSuccess: (label) => {
      queryClient.setQueryData<Label[]>(queryKeys.labels(projectId), (labels) =>
        labels?.map((item) => (item.id === label.id ? label : item)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.labels(projectId) });
      // Boards carry the project's labels too: the cards' chips change with them.
      void queryClient.invalidateQueries({ queryKey: ['boards', 'detail'] });
    },
  });
}
