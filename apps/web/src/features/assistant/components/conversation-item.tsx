import { ActionIcon, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ASSISTANT_TITLE_MAX_LENGTH, type AssistantConversation } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { notifyFailure } from '../../../lib/notify';
import { useDeleteConversation, useRenameConversation } from '../api/conversations';
import { relativeDate } from '../../../lib/relative-date';

interface ConversationItemProps {
  conversation: AssistantConversation;
  isSelected: boolean;
  onSelect: () => void;
  onDeleted: () => void;
}

function RenameForm({ conversation, onDone }: { conversation: AssistantConversation; onDone: () => void }) {
  const { t } = useTranslation('assistant');
  const rename = useRenameConversation();
  const [title, setTitle] = useState(conversation.title);
  const save = () => {
    const trimmed = title.trim();
    if (trimmed === '' || trimmed === conversation.title) return onDone();
    rename.mutate({ id: conversation.id, title: trimmed }, { onSuccess: onDone, onError: notifyFailure });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={t('sidebar.title_label')}
          value={title}
          maxLength={ASSISTANT_TITLE_MAX_LENGTH}
          data-autofocus
          autoFocus
          onChange={(event) => setTitle(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onDone();
            }
          }}
        />
        <ActionIcon
          type="submit"
          size="sm"
          variant="subtle"
          loading={rename.isPending}
          aria-label={t('sidebar.save_title')}
        >
          <IconCheck size={14} aria-hidden />
        </ActionIcon>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={t('sidebar.cancel_rename')}
          onClick={onDone}
        >
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}

/** One conversation of the sidebar: its title (or "New conversation") and when it was last used. */
export function ConversationItem({ conversation, isSelected, onSelect, onDeleted }: ConversationItemProps) {
  const { t, i18n } = useTranslation('assistant');
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteConversation();
  const title = conversation.title === '' ? t('sidebar.untitled') : conversation.title;
  if (isRenaming) return <RenameForm conversation={conversation} onDone={() => setIsRenaming(false)} />;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      px={6}
      py={4}
      bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <UnstyledButton
        onClick={onSelect}
        aria-current={isSelected ? 'true' : undefined}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Stack gap={0}>
          <Text size="sm" truncate="end" fw={isSelected ? 600 : undefined}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {relativeDate(conversation.updatedAt, i18n.language)}
          </Text>
        </Stack>
      </UnstyledButton>
      <EditDeleteActions
        editLabel={t('sidebar.rename', { title })}
        deleteLabel={t('sidebar.delete', { title })}
        onEdit={() => setIsRenaming(true)}
        onDelete={() => setIsConfirming(true)}
      />
      <ConfirmModal
        opened={isConfirming}
        title={t('sidebar.delete_title')}
        text={t('sidebar.delete_text', { title })}
        confirmLabel={t('sidebar.delete_confirm')}
        cancelLabel={t('sidebar.cancel')}
        isPending={remove.isPending}
        isDestructive
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(conversation.id, {
            onSuccess: () => {
              setIsConfirming(false);
              onDeleted();
            },
            onError: notifyFailure,
          })
        }
      />
    </Group>
  );
}
