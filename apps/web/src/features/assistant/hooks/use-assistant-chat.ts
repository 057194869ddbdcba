import { useQueryClient } from '@tanstack/react-query';
import type {
  AssistantConversation,
  AssistantKind,
  AssistantMessagesResponse,
  AssistantStreamEvent,
} from '@teamboard/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AssistantLaunchContext } from '../../../lib/assistant-launcher';
import { currentLanguage } from '../../../lib/i18n';
import { assistantKeys } from '../api/assistant-keys';
import {
  createConversation,
  storeConversation,
  updateConversationList,
  useConversationMessages,
} from '../api/conversations';
import { streamResponse } from '../api/stream-response';
import {
  appendTurn,
  applyStreamEvent,
  finishTurn,
  isAnswerPending,
  startTurn,
  turnsFromHistory,
  type ChatTurn,
} from './chat-turns';
import type { Draft } from './send-rules';

export interface AssistantChatOptions {
  /** The project on screen (the route's), for the project coach when no task names one. */
  routeProjectId: number | null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The meta event names the conversation's title: the sidebar and the open history take it. */
function useStoreTitle() {
  const queryClient = useQueryClient();
  return useCallback(
    (conversationId: number, event: AssistantStreamEvent) => {
      if (event.title === undefined) return;
      const title = event.title;
      const id = event.conversationId ?? conversationId;
      void updateConversationList(queryClient, (list) =>
        list.map((conversation) => (conversation.id === id ? { ...conversation, title } : conversation)),
      );
      queryClient.setQueryData<AssistantMessagesResponse>(assistantKeys.messages(id), (history) =>
        history ? { ...history, conversation: { ...history.conversation, title } } : history,
      );
    },
    [queryClient],
  );
}

/**
 * The chat's state: which conversation is open, its turns (the stored history plus the answer
 * streaming in), and sending a question — the conversation is created with the first one
 * (SPEC §4). A stream in flight is aborted when another conversation opens or the chat unmounts.
 */
export function useAssistantChat({ routeProjectId }: AssistantChatOptions) {
  const queryClient = useQueryClient();
  const storeTitle = useStoreTitle();
  const [kind, setKind] = useState<AssistantKind>('standard');
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [taskContext, setTaskContext] = useState<AssistantLaunchContext | null>(null);
  const [liveTurn, setLiveTurn] = useState<ChatTurn | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const history = useConversationMessages(conversationId);

  const abortStream = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setLiveTurn(null);
  }, []);
  useEffect(() => abortStream, [abortStream]);

  const openConversation = useCallback(
    (conversation: AssistantConversation | null) => {
      // The open one again: an answer streaming into it goes on.
      if (conversation !== null && conversation.id === conversationId) return;
      abortStream();
      setConversationId(conversation?.id ?? null);
      if (conversation !== null) {
        setKind(conversation.kind);
        setTaskContext(null);
      }
    },
    [abortStream, conversationId],
  );

  /** A launch from a task (or the button after one): a new standard chat about that task. */
  const startNew = useCallback(
    (nextKind: AssistantKind, context: AssistantLaunchContext | null = null) => {
      abortStream();
      setConversationId(null);
      setKind(nextKind);
      setTaskContext(context);
    },
    [abortStream],
  );

  const finish = useCallback(
    (id: number, turn: ChatTurn) => {
      queryClient.setQueryData<AssistantMessagesResponse>(assistantKeys.messages(id), (stored) =>
        stored ? appendTurn(stored, turn) : stored,
      );
      const conversation = queryClient
        .getQueryData<AssistantConversation[]>(assistantKeys.conversations)
        ?.find((item) => item.id === id);
      if (conversation)
        void storeConversation(queryClient, { ...conversation, updatedAt: new Date().toISOString() });
      setLiveTurn(null);
    },
    [queryClient],
  );

  /** The open conversation, or a new one of the tab's kind (about the launch task, if any). */
  const ensureConversation = useCallback(async (): Promise<number> => {
    if (conversationId !== null) return conversationId;
    const created = await createConversation(queryClient, { kind, taskId: taskContext?.taskId ?? null });
    setConversationId(created.id);
    return created.id;
  }, [conversationId, kind, queryClient, taskContext]);

  const send = useCallback(
    async (draft: Draft) => {
      const controller = new AbortController();
      abortRef.current = controller;
      let turn = startTurn(draft.prompt.trim(), draft.image?.base64 ?? null);
      setLiveTurn(turn);
      let id: number | null = null;
      const body = {
        prompt: turn.prompt,
        image: draft.image,
        language: currentLanguage(),
        projectId: taskContext?.projectId ?? routeProjectId,
      };
      const onEvent = (event: AssistantStreamEvent) => {
        if (event.event === 'meta' && id !== null) storeTitle(id, event);
        turn = applyStreamEvent(turn, event);
        setLiveTurn(turn);
      };
      try {
        id = await ensureConversation();
        if (controller.signal.aborted) return;
        await streamResponse(id, body, { signal: controller.signal, onEvent });
        finish(id, finishTurn(turn));
      } catch (error) {
        if (controller.signal.aborted) {
          // Whatever the server kept of the broken-off answer shows when the chat is next opened.
          if (id !== null) void queryClient.invalidateQueries({ queryKey: assistantKeys.messages(id) });
          return;
        }
        // SPEC §8: the failure is the bot's reply.
        const failed = finishTurn(turn, messageOf(error));
        if (id === null) setLiveTurn(failed);
        else finish(id, failed);
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [ensureConversation, finish, queryClient, routeProjectId, storeTitle, taskContext],
  );

  const storedTurns = useMemo(
    () => (conversationId === null ? [] : turnsFromHistory(history.data?.messages ?? [])),
    [conversationId, history.data],
  );
  const turns = liveTurn === null ? storedTurns : [...storedTurns, liveTurn];

  return {
    kind,
    conversationId,
    taskContext,
    clearTaskContext: () => setTaskContext(null),
    turns,
    batches: history.data?.batches ?? [],
    isLoadingHistory: conversationId !== null && history.isPending,
    isAnswerPending: isAnswerPending(liveTurn),
    openConversation,
    startNew,
    send,
    /** Aborts the answer streaming in (the chat was closed). */
    stop: abortStream,
  };
}

export type AssistantChat = ReturnType<typeof useAssistantChat>;
