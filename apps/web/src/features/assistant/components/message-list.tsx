import { Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChatTurn } from '../hooks/chat-turns';
import type { AssistantChat } from '../hooks/use-assistant-chat';
import { TipBatch } from './tip-batch';
import { UserBubble } from './user-bubble';

/** A bot reply that is not a batch of tips: an error (SPEC §8) or the waiting indicator. */
export function BotBubble({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <IconRobot size={20} aria-hidden style={{ flexShrink: 0, marginTop: 8 }} />
      <Paper withBorder p="sm" radius="md" maw="85%">
        {children}
      </Paper>
    </Group>
  );
}

function hasStarted(turn: ChatTurn): boolean {
  return turn.batchId !== null || turn.error !== null;
}

/**
 * What the bot says instead of tips: the stream's or the request's error (SPEC §8), or, for a
 * stored question whose answer failed (the failure itself is not stored), the same "try again".
 */
function replyText(turn: ChatTurn, t: TFunction): string | null {
  if (turn.error !== null) return turn.error;
  return !turn.isStreaming && !hasStarted(turn) ? t('errors:ASSISTANT_ENGINE_FAILED') : null;
}

interface TurnProps {
  turn: ChatTurn;
  chat: AssistantChat;
  isLatest: boolean;
  onNavigate: () => void;
}

function Turn({ turn, chat, isLatest, onNavigate }: TurnProps) {
  const { t } = useTranslation(['assistant', 'errors']);
  const reply = replyText(turn, t);
  return (
    <Stack gap="xs">
      <UserBubble prompt={turn.prompt} imageBase64={turn.imageBase64} />
      {reply !== null && (
        <BotBubble>
          <Text size="sm" role={turn.isStreaming || isLatest ? 'alert' : undefined}>
            {reply}
          </Text>
        </BotBubble>
      )}
      {turn.isStreaming && !hasStarted(turn) && (
        <BotBubble>
          <Group gap="xs">
            <Loader size="xs" type="dots" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('messages.waiting')}
            </Text>
          </Group>
        </BotBubble>
      )}
      {turn.error === null && hasStarted(turn) && chat.conversationId !== null && (
        <TipBatch
          turn={turn}
          conversationId={chat.conversationId}
          batches={chat.batches}
          kind={chat.kind}
          isLatest={isLatest}
          onNavigate={onNavigate}
        />
      )}
    </Stack>
  );
}

/** The conversation's messages, kept scrolled to the newest while an answer streams in. */
export function MessageList({ chat, onNavigate }: { chat: AssistantChat; onNavigate: () => void }) {
  const { t } = useTranslation('assistant');
  const viewport = useRef<HTMLDivElement>(null);
  const last = chat.turns.at(-1);
  const lastText = last ? Object.values(last.tips).reduce((length, tip) => length + tip.text.length, 0) : 0;
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.turns.length, lastText, chat.conversationId]);

  return (
    <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto" aria-label={t('messages.label')}>
      {chat.isLoadingHistory ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('messages.loading')} />
        </Center>
      ) : chat.turns.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          {t(`messages.intro.${chat.kind}`)}
        </Text>
      ) : (
        <Stack gap="lg" pb="xs" pr="xs" aria-busy={chat.isAnswerPending}>
          {chat.turns.map((turn, index) => (
            <Turn
              key={turn.key}
              turn={turn}
              chat={chat}
              isLatest={index === chat.turns.length - 1}
              onNavigate={onNavigate}
            />
          ))}
        </Stack>
      )}
    </ScrollArea>
  );
}
