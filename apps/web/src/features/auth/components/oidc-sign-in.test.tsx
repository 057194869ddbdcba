import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { renderApp, stubFetch } from '../../../test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  await changeLanguage('en');
});

const CONFIG_ON = { body: { google_sign_in: true, sign_in_provider: 'Campus SSO', version: '1' } };
const CONFIG_OFF = { body: { google_sign_in: false, sign_in_provider: null, version: '1' } };
const SESSION_HEADERS = { 'access-token': 't', client: 'c', uid: 'ana@uni.example', expiry: '9' };

describe('sign-in with the OpenID Connect provider', () => {
  it('shows the button with the provider name, linking to the server', async () => {
    vi.stubGlobal('fetch', stubFetch({ '/config': CONFIG_ON }).fetchStub);
    renderApp('/login');
    const button = await screen.findByRole('link', { name: 'Sign in with Campus SSO' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/authorize');
  }, 15_000);

  it('says it in Spanish', async () => {
    await changeLanguage('es');
    vi.stubGlobal('fetch', stubFetch({ '/config': CONFIG_ON }).fetchStub);
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Iniciar sesión con Campus SSO' })).toBeTruthy();
  });

  it('hides the button when the server has no provider', async () => {
    const { fetchStub, calls } = stubFetch({ '/config': CONFIG_OFF });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/login');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/config'))).toBe(true));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('exchanges the code from the fragment, takes it out of the address and signs a known account in', async () => {
    const user = makeUser({ name: 'Ana', email: 'ana@uni.example' });
    const { fetchStub, calls } = stubFetch({
      '/config': CONFIG_ON,
      'POST /auth/oidc/exchange': { body: { data: user, sign_up: null }, headers: SESSION_HEADERS },
    });
    vi.stubGlobal('fetch', fetchStub);
    window.history.replaceState(null, '', '/oidc/finish#code=one-time');
    const { router } = renderApp('/oidc/finish');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    const exchange = calls.find((call) => call.url.endsWith('/auth/oidc/exchange'));
    expect(JSON.parse(String(exchange?.init?.body))).toEqual({ code: 'one-time' });
    expect(window.location.hash).toBe('');
    expect(getSession()?.user.email).toBe('ana@uni.example');
  });

  it('asks a new person to accept the terms before creating the account', async () => {
    const user = makeUser({ name: 'Ana Torres', email: 'ana@uni.example' });
    const { fetchStub, calls } = stubFetch({
      '/config': CONFIG_ON,
      'POST /auth/oidc/exchange': {
        body: { data: null, sign_up: { email: 'ana@uni.example', name: 'Ana Torres' } },
      },
      'POST /auth/oidc/sign_up': { body: { data: user }, headers: SESSION_HEADERS },
    });
    vi.stubGlobal('fetch', fetchStub);
    window.history.replaceState(null, '', '/oidc/finish#code=new-person');
    const { router } = renderApp('/oidc/finish');
    expect(await screen.findByText('Finish creating your account')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@uni.example');

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('you must accept the terms and conditions')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/auth/oidc/sign_up'))).toBe(false);

    fireEvent.click(screen.getByLabelText('I accept the terms and conditions'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    const signUp = calls.find((call) => call.url.endsWith('/auth/oidc/sign_up'));
    expect(JSON.parse(String(signUp?.init?.body))).toMatchObject({
      code: 'new-person',
      terms_accepted: true,
    });
  });

  it('shows the localized error the callback left, with the way back', async () => {
    await changeLanguage('es');
    vi.stubGlobal('fetch', stubFetch({ '/config': CONFIG_ON }).fetchStub);
    window.history.replaceState(null, '', '/oidc/finish#error=OIDC_EMAIL_NOT_VERIFIED');
    renderApp('/oidc/finish');
    expect(
      await screen.findByText(
        'El proveedor no ha verificado el correo de esa cuenta, así que no se puede usar para iniciar sesión.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeTruthy();
  });

  it('says so when the address made too many failed attempts (the callback answered RATE_LIMITED)', async () => {
    vi.stubGlobal('fetch', stubFetch({ '/config': CONFIG_ON }).fetchStub);
    window.history.replaceState(null, '', '/oidc/finish#error=RATE_LIMITED');
    renderApp('/oidc/finish');
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeTruthy();
    expect(window.location.hash).toBe('');
  });
});
