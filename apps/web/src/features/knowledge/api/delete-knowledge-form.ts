import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

/** DELETE /api/knowledge_forms/:id: the form and every answer. */
export async function deleteKnowledgeForm(formId: number): Promise<void> {
  await api.delete(`/knowledge_forms/${formId}`);
}

export function useDeleteKnowledgeForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKnowledgeForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
