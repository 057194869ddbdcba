import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { setSession } from '../lib/session';
import { credentials, makeFolder, makeProject, makeUser } from '../test/fixtures';
import { renderApp, stubFetch } from '../test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('routes', () => {
  it('shows "Not Found" for an unknown path', async () => {
    vi.stubGlobal('fetch', stubFetch().fetchStub);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
  });

  it('localizes the Not Found heading', async () => {
    await changeLanguage('es');
    vi.stubGlobal('fetch', stubFetch().fetchStub);
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'No encontrado' })).toBeTruthy();
  });

  it('shows the login screen in place of a protected route when signed out', async () => {
    vi.stubGlobal('fetch', stubFetch().fetchStub);
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('redirects the login screen to /welcome when signed in', async () => {
    setSession(credentials, makeUser());
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/folders': { body: { data: [makeFolder()] } },
        '/projects': { body: { data: [] } },
        '/activity': { body: { data: [], next_cursor: null } },
      }).fetchStub,
    );
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(await screen.findByText('No projects in this folder yet')).toBeTruthy();
  });

  it('renders project screens inside the sidebar layout', async () => {
    setSession(credentials, makeUser());
    vi.stubGlobal('fetch', stubFetch({ '/projects/7': { body: { data: makeProject() } } }).fetchStub);
    renderApp('/project/7/report/hours/2026-01-01/2026-01-07/day');
    expect(await screen.findByRole('heading', { name: 'Hours · Alpha' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Project navigation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stand-up reports' }).getAttribute('href')).toBe(
      '/project/7/standupreports',
    );
  });

  it('hides the Dashboard page from students', async () => {
    setSession(credentials, makeUser({ account_type: 'user' }));
    vi.stubGlobal('fetch', stubFetch().fetchStub);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });
});
