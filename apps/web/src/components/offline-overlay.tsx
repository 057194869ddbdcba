import { Loader, Stack, Text, Title } from '@mantine/core';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsServerReachable } from '../lib/use-is-server-reachable';
import classes from './offline-overlay.module.css';

/**
 * A native modal <dialog>: the browser makes the rest of the page inert and keeps it above every
 * layer, without the weight of Mantine's Modal on every screen. Escape cannot dismiss it: its
 * cancel is refused, and a close the browser forces anyway (a repeated Escape) reopens it.
 */
function OfflineDialog() {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.open === false) ref.current.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      data-testid="offline-overlay"
      onCancel={(event) => event.preventDefault()}
      onClose={(event) => event.currentTarget.showModal()}
    >
      <Stack align="center" gap="sm">
        <Title id={titleId} order={2} size="h4">
          {t('offline.title')}
        </Title>
        <Loader aria-hidden />
        <Text fw={600}>{t('offline.text')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('offline.waiting')}
        </Text>
      </Stack>
    </dialog>
  );
}

/** Covers the app while the server does not answer; it cannot be closed (docs/product.md Connectivity). */
export function OfflineOverlay() {
  const isReachable = useIsServerReachable();
  return isReachable ? null : <OfflineDialog />;
}
