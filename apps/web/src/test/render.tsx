import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/route-table';
import { createQueryClient } from '../lib/query-client';

/** Renders the whole app (providers, layout, routes) at `path`, with a fresh query cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/**
 * Imports the lazily loaded parts of the signed-in frame (top bar controls, live updates, project
 * frame) ahead of a suite, so its first test does not spend its query time-out compiling them.
 */
export async function preloadSignedInFrame(): Promise<void> {
  await Promise.all([
    import('../app/top-bar-session'),
    import('../app/live-updates/live-updates'),
    import('../app/project-layout'),
  ]);
}

/**
 * A fetch stub answering JSON per path (or per `METHOD /path`, which wins over the bare path);
 * unknown paths answer 404.
 */
export function stubFetch(
  answers: Record<string, { status?: number; body?: unknown; headers?: Record<string, string> }> = {},
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
    const answer =
      answers[`${init?.method ?? 'GET'} ${path}`] ??
      answers[path] ??
      (path === '/health'
        ? { body: { status: 'ok' } }
        : { status: 404, body: { errors: ['Not Found'], code: 'NOT_FOUND' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };
  return { fetchStub, calls };
}
