import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD } from './support/accounts';
import { startLoopbackOidc, type LoopbackOidc } from './support/oidc-provider';
import { screenshotAtEachWidth, type Language } from './support/locale';
import { waitForLink } from './support/outbox';
import { AppProcess } from './support/server';

/**
 * Sign-in with OpenID Connect against a real provider (oidc-provider) on loopback, whose login and
 * consent are automatic: a second copy of the app is started with OIDC_ISSUER pointing at it. A new
 * person accepts the terms on the finish-sign-up step; a confirmed account is signed straight in, and
 * an unconfirmed one is taken back by the owner of its address (the terms step, nothing its sign-up set).
 */
const PORT = 4440 + Math.floor(Math.random() * 40);
const APP_URL = `http://127.0.0.1:${PORT}`;
const CLIENT = {
  client_id: 'teamboard-e2e',
  client_secret: 'teamboard-e2e-secret-0123456789',
  redirect_uris: [`${APP_URL}/api/auth/oidc/callback`],
};

const TEXT = {
  en: {
    button: 'Sign in with Campus SSO',
    finishTitle: 'Finish creating your account',
    terms: 'I accept the terms and conditions',
    submit: 'Create account',
    notVerified: 'The provider has not verified the email of that account, so it cannot be used to sign in.',
  },
  es: {
    button: 'Iniciar sesión con Campus SSO',
    finishTitle: 'Termina de crear tu cuenta',
    terms: 'Acepto los términos y condiciones',
    submit: 'Crear cuenta',
    notVerified:
      'El proveedor no ha verificado el correo de esa cuenta, así que no se puede usar para iniciar sesión.',
  },
} as const;

test.describe('sign-in with OpenID Connect', () => {
  let provider: LoopbackOidc;
  let app: AppProcess;

  test.beforeAll(async () => {
    provider = await startLoopbackOidc([CLIENT]);
    app = new AppProcess(PORT, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
      OIDC_PROVIDER_NAME: 'Campus SSO',
    });
    await app.start();
  });
  test.afterAll(async () => {
    await app?.stop();
    await provider?.close();
  });

  async function openLogin(page: Page, language: Language) {
    await page.context().addCookies([{ name: 'language', value: language, url: APP_URL }]);
    await page.goto(`${APP_URL}/login`);
  }

  for (const language of ['en', 'es'] as const) {
    test(`a new person signs up through the provider after accepting the terms (${language})`, async ({
      page,
      browser,
    }) => {
      const text = TEXT[language];
      provider.account = {
        sub: `e2e-new-${language}`,
        email: `oidc.${language}@uni.example`,
        email_verified: true,
        name: language === 'en' ? 'Olivia Provider' : 'Óscar Proveedor',
      };
      await openLogin(page, language);
      const button = page.getByRole('link', { name: text.button });
      await expect(button).toBeVisible();
      await screenshotAtEachWidth(page, `oidc-login-${language}`);

      await button.click();
      await expect(page.getByRole('heading', { name: text.finishTitle })).toBeVisible();
      // The one-time code is out of the address at once.
      expect(new URL(page.url()).hash).toBe('');
      await expect(page.getByRole('textbox', { name: /Email|Correo/ })).toHaveValue(
        `oidc.${language}@uni.example`,
      );
      await screenshotAtEachWidth(page, `oidc-finish-sign-up-${language}`);

      await page.getByLabel(text.terms).check();
      await page.getByRole('button', { name: text.submit }).click();
      await expect(page).toHaveURL(/\/welcome$/);

      // Back later in a fresh browser (no session: clearing storage in the signed-in tab raced the
      // app writing its session back): the same account, no terms step this time.
      const later = await browser.newContext();
      const again = await later.newPage();
      await openLogin(again, language);
      await again.getByRole('link', { name: text.button }).click();
      await expect(again).toHaveURL(/\/welcome$/);
      const session = await again.evaluate(() => window.localStorage.getItem('teamboard.session'));
      expect(JSON.parse(session ?? '{}').user.email).toBe(`oidc.${language}@uni.example`);
      await later.close();
    });
  }

  /** A password sign-up with `email` at this app copy; confirmed through its outbox if asked. */
  async function signUpWithPassword(
    request: APIRequestContext,
    email: string,
    name: string,
    confirm: boolean,
  ) {
    const signUp = await request.post(`${APP_URL}/api/auth`, {
      data: { name, email, password: PASSWORD, password_confirmation: PASSWORD, terms_accepted: true },
    });
    expect(signUp.status()).toBe(201);
    if (!confirm) return;
    const link = await waitForLink(email, '/api/auth/confirmation', app.dataDir);
    const token = new URL(link).searchParams.get('confirmation_token');
    const confirmed = await request.post(`${APP_URL}/api/users/confirm`, {
      data: { confirmation_token: token },
    });
    expect(confirmed.status()).toBe(200);
  }

  const passwordSignIn = (request: APIRequestContext, email: string) =>
    request.post(`${APP_URL}/api/auth/sign_in`, { data: { email, password: PASSWORD } });

  test('a confirmed account is linked by its verified email and signed straight in', async ({
    page,
    request,
  }) => {
    const email = 'linked.account@uni.example';
    await signUpWithPassword(request, email, 'Lina Linked', true);
    provider.account = { sub: 'e2e-linked', email, email_verified: true, name: 'Lina at the provider' };
    await openLogin(page, 'en');
    await page.getByRole('link', { name: TEXT.en.button }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    const session = await page.evaluate(() => window.localStorage.getItem('teamboard.session'));
    expect(JSON.parse(session ?? '{}').user).toMatchObject({ email, name: 'Lina Linked' });
    expect((await passwordSignIn(request, email)).status()).toBe(200);
  });

  test('an unconfirmed sign-up with the address is taken back by its owner, whose password it is not', async ({
    page,
    request,
  }) => {
    // Someone signs up with Tomás's address and never confirms; Tomás then signs in with the provider.
    const email = 'taken.back@uni.example';
    await signUpWithPassword(request, email, 'Not Tomás', false);
    provider.account = { sub: 'e2e-taken-back', email, email_verified: true, name: 'Tomás Dueño' };
    await openLogin(page, 'es');
    await page.getByRole('link', { name: TEXT.es.button }).click();
    // Not signed in to the squatter's account: the owner accepts the terms as a new person would.
    await expect(page.getByRole('heading', { name: TEXT.es.finishTitle })).toBeVisible();
    await page.getByLabel(TEXT.es.terms).check();
    await page.getByRole('button', { name: TEXT.es.submit }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    const session = await page.evaluate(() => window.localStorage.getItem('teamboard.session'));
    expect(JSON.parse(session ?? '{}').user).toMatchObject({ email, name: 'Tomás Dueño', language: 'es' });
    // The squatter's password signs no one in.
    const squatter = await passwordSignIn(request, email);
    expect(squatter.status()).toBe(401);
    expect((await squatter.json()).code).toBe('INVALID_CREDENTIALS');
  });

  test('an unverified email is refused with the reason, in Spanish', async ({ page }) => {
    provider.account = {
      sub: 'e2e-unverified',
      email: 'unverified@uni.example',
      email_verified: false,
      name: 'U',
    };
    await openLogin(page, 'es');
    await page.getByRole('link', { name: TEXT.es.button }).click();
    await expect(page.getByRole('alert')).toContainText(TEXT.es.notVerified);
    await screenshotAtEachWidth(page, 'oidc-refused-es');
  });
});

test('the login screen has no provider button when none is configured', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in with/ })).toHaveCount(0);
});
