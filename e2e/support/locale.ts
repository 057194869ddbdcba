import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { PASSWORD } from './accounts';

/** The two interface languages every screen is checked in. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A laptop and a phone: the two sizes the screens are checked at. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Chooses the interface language as the app remembers it: the `language` cookie. */
export async function useLanguage(context: BrowserContext, language: Language): Promise<void> {
  await context.addCookies([{ name: 'language', value: language, url: test.info().project.use.baseURL! }]);
}

/**
 * A quicker sign-in for tests about other screens (the form itself is driven by auth.spec.ts and
 * spanish-flows.spec.ts): signs in through the API and hands the browser the session the login form
 * would have stored, in `language`; the next page the test opens is signed in. Returns the API
 * token headers, for seeding and checks as that user.
 */
export async function signInThroughApi(
  page: Page,
  request: APIRequestContext,
  email: string,
  language: Language,
) {
  const response = await request.post('/api/auth/sign_in', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const credentials = {
    'access-token': headers['access-token']!,
    client: headers['client']!,
    uid: headers['uid']!,
    expiry: headers['expiry']!,
  };
  const session = JSON.stringify({
    credentials: {
      token: credentials['access-token'],
      client: credentials.client,
      uid: credentials.uid,
      expiry: credentials.expiry,
    },
    user: ((await response.json()) as { data: unknown }).data,
  });
  await useLanguage(page.context(), language);
  // apps/web/src/lib/session.ts keeps the signed-in session under this key.
  await page.addInitScript((value) => {
    if (window.localStorage.getItem('teamboard.session') === null)
      window.localStorage.setItem('teamboard.session', value);
  }, session);
  return credentials;
}

/** The `data` of an API answer that must succeed. */
export async function apiData<T>(
  response: Promise<{ json(): Promise<unknown>; ok(): boolean; status(): number }>,
): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `API answered ${answer.status()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/**
 * Fails when the page stays wider than the window (content that forces a sideways scroll). It
 * waits for the layout to settle first: charts follow a new window width a moment later.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: 'the page scrolls sideways' },
    )
    .toBeLessThanOrEqual(0);
}

/** A full-page screenshot of the current screen at each width, each checked for sideways scroll. */
export async function screenshotAtEachWidth(page: Page, name: string): Promise<void> {
  // The pointer rests away from any chart, so no tooltip lingers in the pictures.
  await page.mouse.move(0, 0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

/** Another person's browser, at the size of `like`, signed in in `language`; and their API headers. */
export async function personOf(
  like: Page,
  browser: Browser,
  request: APIRequestContext,
  email: string,
  language: Language,
) {
  const context = await browser.newContext({
    viewport: like.viewportSize(),
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  const headers = await signInThroughApi(page, request, email, language);
  return { page, headers };
}
