import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLabelInput, Label } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/projects/:id/labels */
export async function createLabel(projectId: string, input: CreateLabelInput): Promise<Label> {
  const body = await api.post<{ data: Label }>(`/projects/${encodeURIComponent(projectId)}/labels`, input);
  return body.data;
}

export function useCreateLabel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLabelInput) => createLabel(projectId, input),
    onSuccess: (label) => {
      queryClient.setQueryData<Label[]>(queryKeys.labels(projectId), (labels) => [...(labels ?? []), label]);
      // Boards carry the project's labels too.
      void queryClient.invalidateQueries({ queryKey: ['boards', 'detail'] });
    },
  });
}
