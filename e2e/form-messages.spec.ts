import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiCredentials, createConfirmedUser, signIn } from './support/accounts';

/*
 * Issue 14, point 4: submitting the hours form empty once showed
 * `errors:Invalid input: expected number, received NaN`, in English on a Spanish page. This walks
 * every form a person reaches on the main screens, in both languages, submits each one empty and
 * then with junk in every box, and fails on anything that is not a sentence for people: zod's own
 * wording, an i18n key, an error code, NaN or undefined.
 */
const RAW_MESSAGES = [
  /Invalid (input|option|email address|URL|string|date)\b/, // zod's wording (ours says which field)
  /expected \w+, received/i,
  /Too (small|big)/i,
  /\b[a-z]+:[a-z_]+\.[a-z_.]+/, // an untranslated key with its namespace (errors:…, tasks:fields.x)
  /\b[A-Z]{2,}_[A-Z_]{2,}\b/, // an error code (FIELD_NOT_VALID)
  /\bNaN\b|\bundefined\b|\[object Object\]/,
];

type Language = 'en' | 'es';

function strings(language: Language, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`packages/i18n/src/${language}/${namespace}.json`, 'utf8'));
}

function text(language: Language, namespace: string, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], strings(language, namespace));
  if (typeof value !== 'string') throw new Error(`no string ${namespace}:${path}`);
  return value;
}

/** The texts a person could see that no translation produced. */
async function rawMessagesOn(page: Page): Promise<string[]> {
  const body = await page.locator('body').innerText();
  return RAW_MESSAGES.flatMap((pattern) => {
    const found = body.match(pattern);
    return found ? [found[0]] : [];
  });
}

/**
 * Every visible form: submitted empty, then with junk typed into every box. The forms are
 * submitted as the browser would (requestSubmit), so the app's own handlers validate them.
 */
async function walkForms(page: Page, where: string): Promise<number> {
  let walked = 0;
  for (const junk of ['', 'abc']) {
    const forms = page.locator('form:visible');
    const count = await forms.count();
    for (let index = 0; index < count; index++) {
      const form = forms.nth(index);
      const boxes = form.locator(
        'input:visible:not([type=checkbox]):not([type=radio]):not([type=file]):not([readonly]):not([disabled]), textarea:visible:not([readonly])',
      );
      for (let box = 0; box < (await boxes.count()); box++) await boxes.nth(box).fill(junk);
      await form.evaluate((element) => (element as HTMLFormElement).requestSubmit());
      walked += 1;
    }
    await page.waitForTimeout(400);
    expect(await rawMessagesOn(page), `${where}, forms submitted with "${junk}"`).toEqual([]);
  }
  return walked;
}

async function seedProject(request: APIRequestContext, email: string) {
  const headers = await apiCredentials(request, email);
  const post = async (path: string, data: object) =>
    ((await (await request.post(path, { headers, data })).json()) as { data: { id: number } }).data.id;
  const projectId = await post('/api/projects', { name: 'Forms' });
  const boardId = await post(`/api/projects/${projectId}/boards`, { name: 'Board' });
  const columnId = await post(`/api/boards/${boardId}/columns`, { name: 'To do' });
  const taskId = await post(`/api/columns/${columnId}/tasks`, { title: 'A task' });
  return { projectId, boardId, taskId };
}

async function open(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await page.waitForTimeout(300);
}

/**
 * Closes a dialog left holding junk: Esc asks before dropping typed content (GuardedModal), and
 * "Discard" answers.
 */
async function escapeAndDiscard(page: Page, language: Language): Promise<void> {
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: text(language, 'common', 'discard.title') });
  await question.getByRole('button', { name: text(language, 'common', 'discard.confirm') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

for (const language of ['en', 'es'] as const) {
  test(`no form shows a raw validation message (${language})`, async ({ page, request, context }) => {
    test.setTimeout(240_000);
    await context.addCookies([{ name: 'language', value: language, url: test.info().project.use.baseURL! }]);
    let walked = 0;
    for (const path of ['/login', '/register', '/forgot', '/resend']) {
      await page.goto(path);
      await page.locator('form').first().waitFor();
      walked += await walkForms(page, path);
    }

    const user = await createConfirmedUser(request, 'Fran Forms');
    const { projectId, boardId, taskId } = await seedProject(request, user.email);
    await signIn(page, user.email, undefined, language);

    await page.goto('/home');
    await open(page, text(language, 'folders', 'new'));
    walked += await walkForms(page, 'new folder');
    await page.keyboard.press('Escape');
    await open(page, text(language, 'projects', 'create.button'));
    walked += await walkForms(page, 'new project');
    await page.keyboard.press('Escape');

    await page.goto(`/project/${projectId}?board=${boardId}`);
    await open(page, text(language, 'boards', 'board.create'));
    walked += await walkForms(page, 'new board');
    await page.keyboard.press('Escape');

    await page.goto(`/project/${projectId}?board=${boardId}&task=${taskId}`);
    const detail = page.getByRole('dialog');
    await detail.waitFor();
    for (const panel of ['report', 'comments']) {
      await detail
        .locator('label')
        .filter({ hasText: new RegExp(`^${text(language, 'tasks', `panels.${panel}`)}$`) })
        .click();
      walked += await walkForms(page, `task detail, ${panel}`);
    }
    await page.keyboard.press('Escape');

    await page.goto(`/project/${projectId}/milestone`);
    await open(page, text(language, 'milestones', 'create'));
    walked += await walkForms(page, 'new milestone');
    await escapeAndDiscard(page, language);

    await page.goto(`/project/${projectId}?board=${boardId}`);
    await open(page, text(language, 'members', 'button'));
    walked += await walkForms(page, 'members dialog');
    await page.keyboard.press('Escape');

    console.log(`form messages (${language}): ${walked} form submissions, 0 raw messages`);
  });
}
