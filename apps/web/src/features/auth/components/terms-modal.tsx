import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
}

export function TermsModal({ opened, onClose }: TermsModalProps) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('register.terms_title')}
      closeButtonProps={{ 'aria-label': t('register.close') }}
    >
      <Text size="sm">{t('register.terms_text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('register.close')}</Button>
      </Group>
    </Modal>
  );
}
