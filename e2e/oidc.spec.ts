import { expect, test, type Page } from '@playwright/test';
import { startLoopbackOidc, type LoopbackOidc } from './support/oidc-provider';
import { screenshotAtEachWidth, type Language } from './support/locale';
import { AppProcess } from './support/server';

/**
 * Sign-in with OpenID Connect against a real provider (oidc-provider) on loopback, whose login and
 * consent are automatic: a second copy of the app is started with OIDC_ISSUER pointing at it. A new
 * person accepts the terms on the finish-sign-up step; a known account is signed straight in.
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

      // Signed out and back in: the same account, no terms step this time.
      await page.evaluate(() => window.localStorage.clear());
      await openLogin(page, language);
      await page.getByRole('link', { name: text.button }).click();
      await expect(page).toHaveURL(/\/welcome$/);
      const session = await page.evaluate(() => window.localStorage.getItem('teamboard.session'));
      expect(JSON.parse(session ?? '{}').user.email).toBe(`oidc.${language}@uni.example`);
    });
  }

  test('an existing account is linked by its verified email and signed straight in', async ({
    page,
    request,
  }) => {
    const email = 'linked.account@uni.example';
    const signUp = await request.post(`${APP_URL}/api/auth`, {
      data: {
        name: 'Lina Linked',
        email,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        terms_accepted: true,
      },
    });
    expect(signUp.status()).toBe(201);
    provider.account = { sub: 'e2e-linked', email, email_verified: true, name: 'Lina at the provider' };
    await openLogin(page, 'en');
    await page.getByRole('link', { name: TEXT.en.button }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    const session = await page.evaluate(() => window.localStorage.getItem('teamboard.session'));
    expect(JSON.parse(session ?? '{}').user).toMatchObject({ email, name: 'Lina Linked' });
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
