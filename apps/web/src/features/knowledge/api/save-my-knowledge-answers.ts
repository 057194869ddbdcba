import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeAnswersInputBody, MyKnowledgeForm } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import type { MyKnowledgeForms } from './get-my-knowledge-forms';
import { knowledgeKeys } from './keys';

/** PUT /api/me/knowledge_forms/:id/answers: every item, while the form is open. */
export async function saveMyKnowledgeAnswers(
  formId: number,
  input: KnowledgeAnswersInputBody,
): Promise<MyKnowledgeForm> {
  const body = await api.put<{ data: MyKnowledgeForm }>(`/me/knowledge_forms/${formId}/answers`, input);
  return body.data;
}

/** Silent: the form says a refusal itself. */
export function useSaveMyKnowledgeAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, input }: { formId: number; input: KnowledgeAnswersInputBody }) =>
      saveMyKnowledgeAnswers(formId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData<MyKnowledgeForms>(knowledgeKeys.mine, (current) =>
        current
          ? { ...current, data: current.data.map((form) => (form.id === saved.id ? saved : form)) }
          : current,
      );
    },
    meta: { silent: true },
  });
}
