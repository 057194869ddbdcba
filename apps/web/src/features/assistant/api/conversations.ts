import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AssistantConversation, AssistantKind, AssistantMessagesResponse } from '@teamboard/contract';
import { api, apiRequest } from '../../../lib/api-client';
import { assistantKeys } from './assistant-keys';

/** GET /api/assistant/conversations: only the caller's, newest first. */
export async function getConversations(): Promise<AssistantConversation[]> {
  return (await api.get<{ data: AssistantConversation[] }>('/assistant/conversations')).data;
}

export function useConversations() {
  return useQuery({ queryKey: assistantKeys.conversations, queryFn: getConversations });
}

/** GET /api/assistant/conversations/:id/messages: the messages and their batches, oldest first. */
export async function getMessages(conversationId: number): Promise<AssistantMessagesResponse> {
  return api.get<AssistantMessagesResponse>(`/assistant/conversations/${conversationId}/messages`);
}

export function useConversationMessages(conversationId: number | null) {
  return useQuery({
    queryKey: assistantKeys.messages(conversationId ?? 0),
    queryFn: () => getMessages(conversationId ?? 0),
    enabled: conversationId !== null,
    // The open chat is the only writer of its messages and keeps this copy current itself.
    staleTime: Infinity,
  });
}

/**
 * Changes the cached sidebar list. A read of the list still in flight (the chat was opened and a
 * question sent at once) would land after the change and undo it: it is cancelled, and read again
 * once the change is in — the server has it by then.
 */
export async function updateConversationList(
  queryClient: QueryClient,
  update: (list: AssistantConversation[]) => AssistantConversation[],
): Promise<void> {
  const key = assistantKeys.conversations;
  const wasReading = queryClient.getQueryState(key)?.fetchStatus === 'fetching';
  if (wasReading) await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<AssistantConversation[]>(key, (list = []) => update(list));
  if (wasReading) void queryClient.invalidateQueries({ queryKey: key });
}

/** Puts a new or changed conversation first in the sidebar (it is the most recently updated). */
export function storeConversation(
  queryClient: QueryClient,
  conversation: AssistantConversation,
): Promise<void> {
  return updateConversationList(queryClient, (list) => [
    conversation,
    ...list.filter((other) => other.id !== conversation.id),
  ]);
}

/**
 * POST /api/assistant/conversations (SPEC §4: created on the first message). The new conversation
 * has no messages, so its empty history goes into the cache instead of being asked for.
 */
export async function createConversation(
  queryClient: QueryClient,
  input: { kind: AssistantKind; taskId: number | null },
): Promise<AssistantConversation> {
  const conversation = await api.post<AssistantConversation>('/assistant/conversations', input);
  await storeConversation(queryClient, conversation);
  queryClient.setQueryData<AssistantMessagesResponse>(assistantKeys.messages(conversation.id), {
    conversation,
    messages: [],
    batches: [],
  });
  return conversation;
}

/** PATCH /api/assistant/conversations/:id { title }. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: number; title: string }) =>
      (
        await apiRequest<AssistantConversation>(`/assistant/conversations/${id}`, {
          method: 'PATCH',
          body: { title },
        })
      ).data,
    onSuccess: (conversation) =>
      updateConversationList(queryClient, (list) =>
        list.map((other) => (other.id === conversation.id ? conversation : other)),
      ),
  });
}

/** DELETE /api/assistant/conversations/:id. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/assistant/conversations/${id}`),
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: assistantKeys.messages(id) });
      await updateConversationList(queryClient, (list) => list.filter((other) => other.id !== id));
    },
  });
}
