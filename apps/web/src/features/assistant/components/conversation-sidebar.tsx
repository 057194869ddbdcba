import { Alert, Button, Center, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { AssistantConversation, AssistantKind } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useConversations } from '../api/conversations';
import { ConversationItem } from './conversation-item';

interface ConversationSidebarProps {
  kind: AssistantKind;
  selectedId: number | null;
  onSelect: (conversation: AssistantConversation) => void;
  onNewChat: () => void;
}

/** My conversations of the open tab's kind, newest first, with "New chat". */
export function ConversationSidebar({ kind, selectedId, onSelect, onNewChat }: ConversationSidebarProps) {
  const { t } = useTranslation('assistant');
  const { data, isPending, isError } = useConversations();
  const conversations = (data ?? []).filter((conversation) => conversation.kind === kind);
  return (
    <Stack gap="xs" h="100%" component="nav" aria-label={t('sidebar.label')}>
      <Button
        variant={selectedId === null ? 'light' : 'default'}
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onNewChat}
      >
        {t('sidebar.new_chat')}
      </Button>
      {isPending && (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('sidebar.loading')} />
        </Center>
      )}
      {isError && (
        <Alert color="red" variant="light" p="xs">
          {t('sidebar.load_failed')}
        </Alert>
      )}
      {!isPending && !isError && conversations.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('sidebar.empty')}
        </Text>
      )}
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationItem
                conversation={conversation}
                isSelected={conversation.id === selectedId}
                onSelect={() => onSelect(conversation)}
                onDeleted={() => {
                  if (conversation.id === selectedId) onNewChat();
                }}
              />
            </li>
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
