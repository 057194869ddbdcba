import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_AUTO_CLOSE_MS } from '@teamboard/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { subscribeSession, getSession } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

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
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
