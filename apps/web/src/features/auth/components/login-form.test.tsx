import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, stubFetch } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function signInCalls(calls: { url: string }[]) {
  return calls.filter((call) => call.url.includes('/auth/sign_in'));
}

describe('LoginForm', () => {
  it('shows the incomplete-credentials message in English and sends nothing', async () => {
    const { fetchStub, calls } = stubFetch();
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/login');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email and password.')).toBeTruthy();
    expect(signInCalls(calls)).toHaveLength(0);
  });

  it('shows it in Spanish when the language is es', async () => {
    await changeLanguage('es');
    const { fetchStub, calls } = stubFetch();
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Introduce tu correo electrónico y tu contraseña.')).toBeTruthy();
    expect(signInCalls(calls)).toHaveLength(0);
    expect(document.cookie).toContain('language=es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('stores the session and goes to /welcome on success', async () => {
    const user = makeUser({ name: 'Ana' });
    const { fetchStub } = stubFetch({
      '/auth/sign_in': {
        body: { data: user },
        headers: { 'access-token': 't', client: 'c', uid: 'ana@example.com', expiry: '9' },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderApp('/login');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(JSON.parse(localStorage.getItem('teamboard.session') ?? '{}').credentials.token).toBe('t');
  });
});
