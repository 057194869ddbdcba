import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchOpenedProject } from './app/project-route';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (container === null) throw new Error('The #root element is missing from index.html');

const root = createRoot(container);
const queryClient = createQueryClient();
// The opened board's data need not wait for the first render, nor for its screen's code.
prefetchOpenedProject(queryClient, window.location);
// The first paint waits for the startup translations (a few kB), so no screen shows bare keys.
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
