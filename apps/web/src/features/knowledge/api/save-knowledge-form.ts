import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeForm, KnowledgeFormInputBody } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

/** POST /api/knowledge_forms. */
export async function createKnowledgeForm(input: KnowledgeFormInputBody): Promise<KnowledgeForm> {
  return (await api.post<{ data: KnowledgeForm }>('/knowledge_forms', input)).data;
}

/** PUT /api/knowledge_forms/:id (the whole form; items left out are removed with their answers). */
export async function updateKnowledgeForm(
  formId: number,
  input: KnowledgeFormInputBody,
): Promise<KnowledgeForm> {
  return (await api.put<{ data: KnowledgeForm }>(`/knowledge_forms/${formId}`, input)).data;
}

/** Creates (formId null) or saves a form. Silent: the modal shows refusals under their field. */
export function useSaveKnowledgeForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, input }: { formId: number | null; input: KnowledgeFormInputBody }) =>
      formId === null ? createKnowledgeForm(input) : updateKnowledgeForm(formId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
    meta: { silent: true },
  });
}
