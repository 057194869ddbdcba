import { Alert, Button, Group, Text } from '@mantine/core';

interface ConfirmBarProps {
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An in-place "are you sure?" inside a dialog or a list (no second modal on top of the first). */
export function ConfirmBar({
  text,
  confirmLabel,
  cancelLabel,
  isPending,
  onConfirm,
  onCancel,
}: ConfirmBarProps) {
  return (
    <Alert color="red" variant="light">
      <Text size="sm" mb="xs">
        {text}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button size="xs" color="red" loading={isPending} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Alert>
  );
}
