import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { expectNothingClipped } from './support/clipping';
import {
  apiData,
  expectNoSidewaysScroll,
  LANGUAGES,
  signInThroughApi,
  type Language,
} from './support/locale';
import { localDay } from './support/reports';

/**
 * Spanish, the longer language, is checked at both widths; English at the narrowest only, which is
 * where it would break first: CI time is kept for what can fail.
 */
const PHONE_WIDTHS: Record<Language, readonly number[]> = { es: [390, 360], en: [360] };
const COLUMNS = ['Backlog', 'Doing', 'Review', 'Done'];

const TEXT = {
  en: {
    sections: 'Project navigation',
    menu: 'Project menu',
    columns: 'Board columns',
    column: 'Column',
    members: 'Members',
    milestones: 'Milestones',
  },
  es: {
    sections: 'Navegación del proyecto',
    menu: 'Menú del proyecto',
    columns: 'Columnas del tablero',
    column: 'Columna',
    members: 'Miembros',
    milestones: 'Hitos',
  },
} satisfies Record<Language, Record<string, string>>;

type Headers = Record<string, string>;

/** A project with a four-column board, a sprint and today's stand-up: every screen has something. */
async function seedProject(request: APIRequestContext, headers: Headers) {
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers, data: { name: 'Proyecto de titulación' } }),
  );
  const board = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/boards`, { headers, data: { name: 'Tablero principal' } }),
  );
  for (const [index, name] of COLUMNS.entries()) {
    const column = await apiData<{ id: number }>(
      request.post(`/api/boards/${board.id}/columns`, { headers, data: { name } }),
    );
    for (let n = 0; n <= index; n += 1)
      await apiData(
        request.post(`/api/columns/${column.id}/tasks`, { headers, data: { title: `${name} ${n + 1}` } }),
      );
  }
  await apiData(
    request.post(`/api/projects/${project.id}/milestones`, {
      headers,
      data: { milestone_name: 'Sprint 1', start_date: localDay(-3), deadline: localDay(10), sprint: true },
    }),
  );
  const standup = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/standups`, {
      headers,
      data: { did: 'Armé el tablero', will_do: 'Escribir las pruebas', hours: 2, stress: 2, feeling: 4 },
    }),
  );
  return { projectId: project.id, standupId: standup.id };
}

/** Every project screen, by the path under /project/:id. */
function projectScreens(standupId: number): Record<string, string> {
  return {
    board: '',
    milestones: '/milestone',
    reports: '/report',
    'report-hours': `/report/hours/${localDay(-7)}/${localDay()}/all`,
    lessons: '/lessons',
    standups: '/standupreports',
    standup: `/standupreports/${standupId}`,
    evaluations: '/evaluations',
    'evaluation-new': '/evaluations/new',
    metrics: '/metrics',
    repositories: '/repositories',
    fairness: '/fairness',
    'hour-questions': '/hour-questions',
  };
}

/**
 * How far the page's lowest content reaches under the floating assistant button, scrolled to the
 * very end (negative: clear of it). Measured in one go, as charts may still grow the page.
 */
function overlapWithAssistant(buttonLabel: string): number {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const button = document.querySelector(`button[aria-label="${buttonLabel}"]`)!.getBoundingClientRect();
  const leaves = Array.from(document.querySelectorAll<HTMLElement>('main *')).filter((element) => {
    const rect = element.getBoundingClientRect();
    return rect.height > 0 && rect.width > 0 && element.children.length === 0;
  });
  return Math.max(...leaves.map((element) => element.getBoundingClientRect().bottom)) - button.top;
}

/** The floating assistant button never sits over the page's content. */
async function expectAssistantClearOfContent(page: Page, language: Language) {
  const label = language === 'es' ? 'Abrir el asistente' : 'Open the assistant';
  await expect
    .poll(() => page.evaluate(overlapWithAssistant, label), {
      message: 'content runs under the assistant button',
    })
    .toBeLessThanOrEqual(0);
}

/**
 * Loads one screen and checks, at each phone width, what a phone needs: no sideways scroll, nothing
 * cut, the assistant button clear of the content. A picture at 390 px goes to /tmp/shots/phone.
 */
async function checkScreen(page: Page, path: string, name: string, language: Language) {
  const t = TEXT[language];
  await page.setViewportSize({ width: PHONE_WIDTHS[language][0]!, height: 844 });
  await page.goto(path);
  // The project header comes with the project; the checks below wait for the screen's own data.
  await expect(page.getByRole('button', { name: t.members })).toBeVisible({ timeout: 30_000 });
  for (const width of PHONE_WIDTHS[language]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page);
    await expectNothingClipped(page);
    await expectAssistantClearOfContent(page, language);
    // The pictures are for people to look at (issue 44.6), not for CI, where they only cost time.
    if (width === 390 && !process.env.CI)
      await page.screenshot({ path: `/tmp/shots/phone/${name}-${language}-390.png`, fullPage: true });
  }
}

for (const language of LANGUAGES) {
  test(`every project screen fits a phone, in ${language}`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const t = TEXT[language];
    const owner = await createConfirmedUser(request, 'Paula Pérez', uniqueEmail('phone'));
    const headers = await signInThroughApi(page, request, owner.email, language);
    const { projectId, standupId } = await seedProject(request, headers);
    const base = `/project/${projectId}`;

    for (const [name, path] of Object.entries(projectScreens(standupId)))
      await test.step(name, () => checkScreen(page, `${base}${path}`, name, language));

    // The project's sections live in a drawer on a phone: the icon rail is gone, the menu reaches them.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(base);
    await expect(page.getByRole('navigation', { name: t.sections })).toBeHidden();
    await page.getByRole('button', { name: t.menu }).click();
    await page
      .getByRole('navigation', { name: t.sections })
      .getByRole('link', { name: t.milestones })
      .click();
    await expect(page).toHaveURL(new RegExp(`${base}/milestone$`));
    await expect(page.getByRole('navigation', { name: t.sections })).toBeHidden();

    // The board shows where its columns are: a chip per column with its count scrolls to it.
    await page.goto(base);
    const chips = page.getByRole('navigation', { name: t.columns });
    await expect(chips.getByRole('button')).toHaveCount(COLUMNS.length);
    await expect(chips.getByRole('button', { name: /Done/ })).toContainText('4');
    await chips.getByRole('button', { name: /Done/ }).click();
    await expect(page.getByRole('region', { name: `${t.column} Done` })).toBeInViewport({ ratio: 0.9 });
    await expect(chips.getByRole('button', { name: /Done/ })).toHaveAttribute('aria-current', 'true');

    // The members dialog, on a phone.
    await page.getByRole('button', { name: t.members }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNothingClipped(page);
    if (!process.env.CI) await page.screenshot({ path: `/tmp/shots/phone/members-${language}-390.png` });
    await page.keyboard.press('Escape');

    // The desktop keeps its icon rail and shows no column chips.
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(page.getByRole('navigation', { name: t.sections })).toBeVisible();
    await expect(page.getByRole('button', { name: t.menu })).toBeHidden();
    await expect(chips).toBeHidden();
    await page.screenshot({ path: `/tmp/shots/phone/board-${language}-1366.png`, fullPage: true });
  });
}
