import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsServerReachable } from '../lib/use-is-server-reachable';

/** Covers the app while the server does not answer; it cannot be closed (PRODUCT.md Connectivity). */
export function OfflineOverlay() {
  const { t } = useTranslation();
  const isReachable = useIsServerReachable();
  return (
    <Modal.Root
      opened={!isReachable}
      onClose={() => undefined}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      zIndex={2000}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="offline-overlay">
        <Modal.Header>
          <Modal.Title>{t('offline.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Stack align="center" gap="sm">
            <Loader aria-hidden />
            <Text fw={600}>{t('offline.text')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('offline.waiting')}
            </Text>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
