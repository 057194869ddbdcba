import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FetchingBar } from '../components/fetching-bar';
import { OfflineOverlay } from '../components/offline-overlay';
import { useSession } from '../lib/session';
import classes from './app-layout.module.css';
import { lazyTranslated } from './lazy-translated';
import { TopBar } from './top-bar';

// Socket.IO and the event schemas are loaded once someone signs in, not for the login screen.
const LiveUpdates = lazy(() =>
  import('./live-updates/live-updates').then((module) => ({ default: module.LiveUpdates })),
);

// The floating assistant button and its chat: signed in only, so never in the login screen's code.
const AssistantWidget = lazyTranslated(async () => ({
  default: (await import('../features/assistant/components/assistant-widget')).AssistantWidget,
}));

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
      {/* Signed in, the floating assistant button sits over the bottom-right corner: room below
          the page's last row keeps it from covering a Save button there. */}
      <main className={classes.main} style={isSignedIn ? { paddingBottom: '6rem' } : undefined}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <OfflineOverlay />
      {isSignedIn && (
        <>
          <Suspense fallback={null}>
            <LiveUpdates />
          </Suspense>
          <Suspense fallback={null}>
            <AssistantWidget />
          </Suspense>
        </>
      )}
    </>
  );
}
