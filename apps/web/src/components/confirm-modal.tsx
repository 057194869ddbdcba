import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  isPending: boolean;
  /** Red for what cannot be undone; the default colour for what can (archive, complete). */
  isDestructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" for an action on many things at once, which one click must not start alone. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel,
  isPending,
  isDestructive = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button
            color={isDestructive ? 'red' : undefined}
            loading={isPending}
            onClick={onConfirm}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
