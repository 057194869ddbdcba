import { expect, test, type APIRequestContext } from '@playwright/test';
import { createConfirmedUser, signIn, uniqueEmail } from './support/accounts';
import { createAdmin } from './support/admin';
import { E2E_PORT } from './support/env';
import { AppProcess } from './support/server';
import {
  apiData,
  screenshotAtEachWidth,
  signInThroughApi,
  useLanguage,
  VIEWPORTS,
  type Language,
} from './support/locale';

/** What the people read on the terms screens, word for word, in each language. */
const TEXT = {
  en: {
    dashboard: 'Dashboard',
    tab: 'Terms and conditions',
    current: 'Current version',
    bodyEn: 'Text in English',
    bodyEs: 'Text in Spanish',
    preview: 'Preview',
    save: 'Save draft',
    saved: 'Draft saved',
    publish: 'Publish',
    publishTitle: (version: number) => `Publish version ${version}?`,
    published: (version: number) => `Version ${version} published`,
    acceptTitle: 'New terms and conditions',
    checkbox: 'I have read and accept the terms and conditions',
    accept: 'Accept and continue',
    home: 'Home',
    settings: '/settings',
  },
  es: {
    dashboard: 'Panel',
    tab: 'Términos y condiciones',
    current: 'Versión vigente',
    bodyEn: 'Texto en inglés',
    bodyEs: 'Texto en español',
    preview: 'Vista previa',
    save: 'Guardar borrador',
    saved: 'Borrador guardado',
    publish: 'Publicar',
    publishTitle: (version: number) => `¿Publicar la versión ${version}?`,
    published: (version: number) => `Versión ${version} publicada`,
    acceptTitle: 'Nuevos términos y condiciones',
    checkbox: 'He leído y acepto los términos y condiciones',
    accept: 'Aceptar y continuar',
    home: 'Inicio',
    settings: '/settings',
  },
};

/** Markup a draft may hold that must stay text (components/markdown.tsx): no script ever runs. */
const HOSTILE = '<img src=x onerror="window.__xss=1"> [click me](javascript:window.__xss=1)';

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

// Publishing terms makes every account accept them again, so this file runs on its own copy of the
// app: the suite's other files share a server and run side by side.
const termsApp = new AppProcess(E2E_PORT + 200, { TRUST_PROXY: '127.0.0.1' });
test.use({ baseURL: termsApp.url });
test.beforeAll(async () => {
  await termsApp.start();
});
test.afterAll(async () => {
  await termsApp.stop();
});

/** An admin made earlier than the last published version accepts it through the API first. */
async function acceptPending(request: APIRequestContext, headers: Record<string, string>) {
  const standing = await apiData<{ current_version: number; required: boolean }>(
    request.get('/api/terms/acceptance', { headers }),
  );
  if (standing.required) {
    await apiData(
      request.post('/api/terms/acceptance', { headers, data: { version: standing.current_version } }),
    );
  }
}

for (const language of ['en', 'es'] as Language[]) {
  const t = TEXT[language];

  test.describe(`terms and conditions in ${language}`, () => {
    test.use({ viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height } });

    test('an admin publishes a new version; a user must accept it at sign-in before reaching home', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      // The user signs up now, accepting the version in force; the admin then publishes a new one.
      const name = language === 'en' ? 'Uma User' : 'Úrsula Usuaria';
      const user = await createConfirmedUser(request, name, uniqueEmail('terms'), termsApp.dataDir);
      const adminName = language === 'en' ? 'Alma Admin' : 'Adela Admin';
      const admin = await createAdmin(adminName, uniqueEmail('admin'), termsApp.dataDir);
      const adminHeaders = await signInThroughApi(page, request, admin.email, language);
      await acceptPending(request, adminHeaders);
      const before = await apiData<{ version: number }>(request.get('/api/terms/current'));
      const next = before.version + 1;

      // The admin writes the next version in both languages, previews it and publishes it.
      await page.goto('/dashboard?tab=terms');
      await expect(page.getByRole('heading', { level: 1, name: t.dashboard })).toBeVisible();
      await expect(page.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: t.current })).toBeVisible();
      const english = `# Course rules ${stamp}\n\nBe **kind** to your team. ${HOSTILE}`;
      const spanish = `# Reglas del curso ${stamp}\n\nSé **amable** con tu equipo. ${HOSTILE}`;
      await page.getByRole('textbox', { name: t.bodyEn }).fill(english);
      await page.getByRole('textbox', { name: t.bodyEs }).fill(spanish);
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: t.preview }).first().click();
      await expect(page.getByRole('heading', { name: `Course rules ${stamp}` })).toBeVisible();
      await screenshotAtEachWidth(page, `terms-editor-${language}`);
      await page.getByRole('button', { name: t.publish, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: t.publishTitle(next) });
      await confirm.getByRole('button', { name: t.publish, exact: true }).click();
      await expect(page.getByText(t.published(next), { exact: true })).toBeVisible();

      // The user signs in with the form: the accept screen comes first, whatever page they open.
      const context = await browser.newContext({ baseURL: termsApp.url });
      const userPage = await context.newPage();
      await useLanguage(context, language);
      await signIn(userPage, user.email, user.password, language);
      await expect(userPage.getByRole('heading', { level: 1, name: t.acceptTitle })).toBeVisible();
      const reglas = language === 'en' ? `Course rules ${stamp}` : `Reglas del curso ${stamp}`;
      await expect(userPage.getByRole('heading', { name: reglas })).toBeVisible();
      // Hostile markup stays text; the javascript: link has no target.
      await expect(userPage.getByTestId('terms-text').locator('img')).toHaveCount(0);
      await expect(userPage.getByTestId('terms-text').locator('a[href^="javascript"]')).toHaveCount(0);
      await screenshotAtEachWidth(userPage, `terms-accept-${language}`);
      await userPage.goto(t.settings);
      await expect(userPage.getByRole('heading', { level: 1, name: t.acceptTitle })).toBeVisible();
      const accept = userPage.getByRole('button', { name: t.accept });
      await expect(accept).toBeDisabled();
      await userPage.getByRole('checkbox', { name: t.checkbox }).check();
      await accept.click();
      await expect(userPage.getByRole('heading', { level: 1, name: t.acceptTitle })).toBeHidden();
      await userPage.goto('/welcome');
      await expect(userPage.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
      expect(await userPage.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await context.close();
    });
  });
}
