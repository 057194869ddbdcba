import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
  /** The current version's text; the built-in sign-up text until it has loaded. */
  content?: ReactNode;
}

export function TermsModal({ opened, onClose, content }: TermsModalProps) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('register.terms_title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('register.close') }}
    >
      {content ?? <Text size="sm">{t('register.terms_text')}</Text>}
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('register.close')}</Button>
      </Group>
    </Modal>
  );
}
