import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedCourse, type SeededCourse } from './support/course';
import { LANGUAGES, signInThroughApi, useLanguage, type Language } from './support/locale';
import { openDialogs } from './support/dialogs';
import { keyLikeWords, seriousViolations, settled } from './support/screen-checks';
import { routeTablePatterns, SCREENS, type Screen } from './support/screens';

// Traces without DOM snapshots or screenshots: the crawl visits ~35 screens per language.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });
// The crawl is the suite's longest file: its parts run on whichever worker is free (each worker
// seeds its own course), so it does not hold one worker for ten minutes while the other idles.
test.describe.configure({ mode: 'parallel' });

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

async function visit(page: Page, screens: Screen[], label: string): Promise<void> {
  for (const screen of screens) {
    await page.goto(screen.path(course));
    await settled(page);
    await check(page, `${screen.path(course)} (${label})`);
  }
}

const signedOut = SCREENS.filter((each) => each.signedOut);
const signedIn = SCREENS.filter((each) => !each.signedOut);
const half = Math.ceil(signedIn.length / 2);
/** The signed-in screens in two halves of about the same length, one test each. */
const signedInParts = [signedIn.slice(0, half), signedIn.slice(half)];

for (const language of LANGUAGES) {
  test.describe(`every screen and main dialog has no serious axe violation nor a raw key (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(300_000);
      await useLanguage(page.context(), language);
    });

    test('signed out', async ({ page }) => {
      await visit(page, signedOut, `${language}, signed out`);
    });

    signedInParts.forEach((screens, index) => {
      test(`signed in, part ${index + 1} of ${signedInParts.length}`, async ({ page }) => {
        await signInThroughApi(page, api, course.teacherEmail, language as Language);
        await visit(page, screens, language);
      });
    });

    test('the main dialogs', async ({ page }) => {
      await signInThroughApi(page, api, course.teacherEmail, language as Language);
      await openDialogs(page, course, language, check);
    });
  });
}
