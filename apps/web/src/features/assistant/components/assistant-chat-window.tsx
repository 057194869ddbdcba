import { Box, Button, Collapse, Divider, Flex, Stack, Tabs } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { ASSISTANT_KINDS, type AssistantKind } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantChat } from '../hooks/use-assistant-chat';
import { ChatInput } from './chat-input';
import { ConversationSidebar } from './conversation-sidebar';
import { MessageList } from './message-list';

interface AssistantChatWindowProps {
  chat: AssistantChat;
  isPhone: boolean;
  /** An in-app link of an answer was followed: the page behind the chat changes. */
  onNavigate: () => void;
}

/** The sidebar beside the messages on a wide screen; folded above them on a phone. */
function Sidebar({ chat, isPhone }: { chat: AssistantChat; isPhone: boolean }) {
  const { t } = useTranslation('assistant');
  const [isShown, setIsShown] = useState(false);
  const sidebar = (
    <ConversationSidebar
      kind={chat.kind}
      selectedId={chat.conversationId}
      onSelect={(conversation) => {
        chat.openConversation(conversation);
        setIsShown(false);
      }}
      onNewChat={() => {
        chat.startNew(chat.kind, chat.taskContext);
        setIsShown(false);
      }}
    />
  );
  if (!isPhone)
    return (
      <Box w={250} style={{ flexShrink: 0 }}>
        {sidebar}
      </Box>
    );
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        justify="flex-start"
        leftSection={
          isShown ? (
            <IconLayoutSidebarLeftCollapse size={16} aria-hidden />
          ) : (
            <IconLayoutSidebarLeftExpand size={16} aria-hidden />
          )
        }
        aria-expanded={isShown}
        onClick={() => setIsShown((shown) => !shown)}
      >
        {isShown ? t('sidebar.hide') : t('sidebar.show')}
      </Button>
      <Collapse expanded={isShown}>
        <Box mah="40dvh" style={{ overflowY: 'auto' }}>
          {sidebar}
        </Box>
        <Divider mt="xs" />
      </Collapse>
    </Stack>
  );
}

/**
 * The assistant chat modal's content (SPEC §2): a tab per kind (standard, image code, image
 * stories), the conversations of that kind, the messages and the input with image upload.
 */
export function AssistantChatWindow({ chat, isPhone, onNavigate }: AssistantChatWindowProps) {
  const { t } = useTranslation('assistant');
  return (
    <Tabs
      value={chat.kind}
      keepMounted={false}
      onChange={(value) => {
        const kind = ASSISTANT_KINDS.find((candidate) => candidate === value);
        if (kind !== undefined && kind !== chat.kind) chat.startNew(kind);
      }}
    >
      <Tabs.List grow={isPhone} aria-label={t('kinds_label')}>
        {ASSISTANT_KINDS.map((kind) => (
          <Tabs.Tab key={kind} value={kind}>
            {t(`kinds.${kind}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {ASSISTANT_KINDS.map((kind: AssistantKind) => (
        <Tabs.Panel key={kind} value={kind} pt="sm">
          {/* On a phone the modal is the whole screen: its title and the tabs (two rows) above. */}
          <Flex
            gap="md"
            direction={isPhone ? 'column' : 'row'}
            h={isPhone ? 'calc(100dvh - 160px)' : 'min(70vh, 680px)'}
          >
            <Sidebar chat={chat} isPhone={isPhone} />
            <Stack gap="xs" miw={0} mih={0} style={{ flex: 1 }}>
              <MessageList chat={chat} onNavigate={onNavigate} />
              <ChatInput chat={chat} />
            </Stack>
          </Flex>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
