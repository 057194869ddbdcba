import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AssistantBatch,
  AssistantMessagesResponse,
  AssistantSlot,
  LessonFeedback,
} from '@teamboard/contract';
import { api, apiRequest } from '../../../lib/api-client';
import { assistantKeys } from './assistant-keys';

interface BatchTarget {
  conversationId: number;
  batchId: number;
}

/** Replaces the batch in its conversation's cached history with the server's copy. */
function storeBatch(queryClient: QueryClient, conversationId: number, batch: AssistantBatch): void {
  queryClient.setQueryData<AssistantMessagesResponse>(assistantKeys.messages(conversationId), (history) =>
    history === undefined
      ? history
      : {
          ...history,
          batches: history.batches.some((other) => other.id === batch.id)
            ? history.batches.map((other) => (other.id === batch.id ? batch : other))
            : [...history.batches, batch],
        },
  );
}

/** PATCH /api/assistant/batches/:id { chosenModel }: the chosen tip becomes the bot's answer. */
export function useChooseTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ batchId, slot }: BatchTarget & { slot: AssistantSlot }) =>
      (
        await apiRequest<AssistantBatch>(`/assistant/batches/${batchId}`, {
          method: 'PATCH',
          body: { chosenModel: slot },
        })
      ).data,
    onSuccess: (batch, { conversationId }) => storeBatch(queryClient, conversationId, batch),
  });
}

/** POST /api/assistant/batches/:id/dislike. */
export function useDislikeTips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId }: BatchTarget) =>
      api.post<AssistantBatch>(`/assistant/batches/${batchId}/dislike`),
    onSuccess: (batch, { conversationId }) => storeBatch(queryClient, conversationId, batch),
  });
}

/** POST /api/assistant/batches/:id/feedback { helpful }: "yes" keeps the exchange as lesson feedback. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, helpful }: BatchTarget & { helpful: boolean }) =>
      api.post<{ batch: AssistantBatch; feedback: LessonFeedback | null }>(
        `/assistant/batches/${batchId}/feedback`,
        { helpful },
      ),
    onSuccess: ({ batch }, { conversationId }) => storeBatch(queryClient, conversationId, batch),
  });
}
