import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_AUTO_CLOSE_MS } from '@teamboard/contract';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from '../lib/query-client';
import { subscribeSession, getSession } from '../lib/session';
import { createAppTheme, cssVariablesResolver } from './theme';

/** Drops every cached server answer when the session ends, so the next user sees none of it. */
function useClearCacheOnLogout(queryClient: QueryClient) {
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession() === null) queryClient.clear();
      }),
    [queryClient],
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useClearCacheOnLogout(client);
  const { t } = useTranslation('common');
  const closeLabel = t('close');
  const theme = useMemo(() => createAppTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
