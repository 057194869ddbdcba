import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmBarProps {
  text: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An in-place "are you sure?" inside the dialog (no second modal on top of the first). */
export function ConfirmBar({ text, confirmLabel, isPending, onConfirm, onCancel }: ConfirmBarProps) {
  const { t } = useTranslation('members');
  return (
    <Alert color="red" variant="light">
      <Text size="sm" mb="xs">
        {text}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button size="xs" color="red" loading={isPending} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Alert>
  );
}
