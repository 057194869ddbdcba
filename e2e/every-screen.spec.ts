import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedCourse, type SeededCourse } from './support/course';
import { LANGUAGES, signInThroughApi, useLanguage, type Language } from './support/locale';
import { openDialogs } from './support/dialogs';
import { keyLikeWords, seriousViolations, settled } from './support/screen-checks';
import { routeTablePatterns, SCREENS } from './support/screens';

// Traces without DOM snapshots or screenshots: the crawl visits ~35 screens per language.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

let course: SeededCourse;
let api: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  course = await seedCourse(api);
});

test.afterAll(async () => {
  await api.dispose();
});

test('the crawl visits every route of the route table', () => {
  const visited = [...new Set(SCREENS.map((screen) => screen.route))].sort();
  expect(visited).toEqual(routeTablePatterns());
});

/** Axe and the key check on what is showing now; findings are soft, so one run lists them all. */
async function check(page: Page, name: string, scope?: string): Promise<void> {
  expect.soft(await seriousViolations(page, scope), `axe on ${name}`).toEqual([]);
  expect.soft(await keyLikeWords(page), `words like i18n keys on ${name}`).toEqual([]);
}

for (const language of LANGUAGES) {
  test(`every screen and main dialog has no serious axe violation nor a raw key (${language})`, async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await useLanguage(page.context(), language);
    for (const screen of SCREENS.filter((each) => each.signedOut)) {
      await page.goto(screen.path(course));
      await settled(page);
      await check(page, `${screen.path(course)} (${language}, signed out)`);
    }
    await signInThroughApi(page, api, course.teacherEmail, language as Language);
    for (const screen of SCREENS.filter((each) => !each.signedOut)) {
      await page.goto(screen.path(course));
      await settled(page);
      await check(page, `${screen.path(course)} (${language})`);
    }
    await openDialogs(page, course, language, check);
  });
}
