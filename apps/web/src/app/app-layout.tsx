import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FetchingBar } from '../components/fetching-bar';
import { OfflineOverlay } from '../components/offline-overlay';
import { useSession } from '../lib/session';
import classes from './app-layout.module.css';
import { TopBar } from './top-bar';

// Socket.IO and the event schemas are loaded once someone signs in, not for the login screen.
const LiveUpdates = lazy(() =>
  import('./live-updates/live-updates').then((module) => ({ default: module.LiveUpdates })),
);

export function RouteFallback() {
  return (
    <Center py="xl">
      <Loader aria-hidden />
    </Center>
  );
}

/**
 * The frame of every screen: header landmark with the top bar, main landmark with the route. Plain
 * elements rather than Mantine's AppShell, which costs ~5 kB gzip on every screen for a layout
 * this simple.
 */
export function AppLayout() {
  const isSignedIn = useSession() !== null;
  return (
    <>
      <FetchingBar />
      <header className={classes.header}>
        <TopBar />
      </header>
      <main className={classes.main}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <OfflineOverlay />
      {isSignedIn && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
    </>
  );
}
