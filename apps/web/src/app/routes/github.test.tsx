import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { setSession } from '../../lib/session';
import { makeRepository } from '../../features/code-hosting/test-helpers';
import { credentials, makeFolder, makeProject, makeUser } from '../../test/fixtures';
import { preloadSignedInFrame, stubFetch } from '../../test/render';
import { AppProviders } from '../providers';
import { routes } from '../route-table';

beforeAll(() => Promise.all([preloadSignedInFrame(), import('./github'), import('./project/repositories')]));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const repository = makeRepository({
  sync_state: 'queued',
  synced_at: null,
  commit_count: 0,
  pull_request_count: 0,
});

/** The whole app in StrictMode, as main.tsx mounts it: effects run twice on mount. */
function openCallback(path: string, answers: Parameters<typeof stubFetch>[0] = {}) {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    '/projects/7': { body: { data: makeProject() } },
    '/folders': { body: { data: [makeFolder()] } },
    '/code_hosting/config': { body: { data: { github_oauth: true, local_repositories: false } } },
    '/projects/7/repositories': { body: { data: [repository] } },
    '/projects/7/pull_requests': { body: { data: [], next_cursor: null } },
    ...answers,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  const callbacks = () =>
    stub.calls.filter((call) => call.url === '/api/projects/7/repositories/github/callback');
  return { router, callbacks };
}

describe('/github/:id', { timeout: 20_000 }, () => {
  it("sends GitHub's answer once, then opens the project's repositories with a notice", async () => {
    const { router, callbacks } = openCallback('/github/7?code=c0de&state=st4te', {
      'POST /projects/7/repositories/github/callback': { body: { data: repository } },
    });
    expect(await screen.findByText('Finishing the connection with GitHub…')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/7/repositories'));
    expect(await screen.findByText('GitHub connected: team/app. Its first sync has started.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Code repositories' })).toBeTruthy();
    expect(callbacks()).toHaveLength(1);
    expect(JSON.parse(String(callbacks()[0]!.init?.body))).toEqual({ code: 'c0de', state: 'st4te' });
  });

  it("shows the server's refusal with a way back to the repositories", async () => {
    await changeLanguage('es');
    const { router, callbacks } = openCallback('/github/7?code=c0de&state=old', {
      'POST /projects/7/repositories/github/callback': {
        status: 422,
        body: { errors: ['Esta respuesta de GitHub caducó.'], code: 'OAUTH_STATE_NOT_VALID' },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La conexión con GitHub no se completó');
    expect(alert.textContent).toContain('Esta respuesta de GitHub caducó.');
    expect(screen.getByRole('link', { name: 'Volver a los repositorios' }).getAttribute('href')).toBe(
      '/project/7/repositories',
    );
    expect(router.state.location.pathname).toBe('/github/7');
    expect(callbacks()).toHaveLength(1);
  });

  it('sends nothing when GitHub refused consent', async () => {
    const { callbacks } = openCallback('/github/7?error=access_denied&state=st4te');
    expect((await screen.findByRole('alert')).textContent).toContain('GitHub did not grant access.');
    expect(callbacks()).toEqual([]);
  });
});
