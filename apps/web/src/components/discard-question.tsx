import { Button, getDefaultZIndex, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DiscardQuestionProps {
  opened: boolean;
  /** Shared with the dialog below (GuardedModal), so one Esc is answered by one dialog only. */
  handledEscapes?: WeakSet<KeyboardEvent>;
  onKeep: () => void;
  onDiscard: () => void;
}

/**
 * The small "Discard your changes?" dialog, shown above a dialog or an inline form with typed
 * content; keeping is the safe default (focused first, and what Esc answers).
 */
export function DiscardQuestion({ opened, handledEscapes, onKeep, onDiscard }: DiscardQuestionProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={t('discard.title')}
      size="sm"
      zIndex={getDefaultZIndex('modal') + 1}
      __handledEscapeEvents={handledEscapes}
    >
      <Stack gap="md">
        <Text>{t('discard.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep} data-autofocus>
            {t('discard.keep')}
          </Button>
          <Button color="red" onClick={onDiscard}>
            {t('discard.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
