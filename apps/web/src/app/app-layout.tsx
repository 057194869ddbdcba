import { AppShell, Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FetchingBar } from '../components/fetching-bar';
import { OfflineOverlay } from '../components/offline-overlay';
import { LiveUpdates } from './live-updates/live-updates';
import { TopBar } from './top-bar';

export function RouteFallback() {
  return (
    <Center py="xl">
      <Loader aria-hidden />
    </Center>
  );
}

/** The frame of every screen: header landmark with the top bar, main landmark with the route. */
export function AppLayout() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <FetchingBar />
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <OfflineOverlay />
      <LiveUpdates />
    </AppShell>
  );
}
