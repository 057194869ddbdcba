import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiCredentials, createConfirmedUser, signIn } from './support/accounts';

type Headers = Awaited<ReturnType<typeof apiCredentials>>;

async function newSignedInPage(browser: Browser, email: string, language: 'en' | 'es'): Promise<Page> {
  const context = await browser.newContext();
  if (language !== 'en') {
    await context.addCookies([{ name: 'language', value: language, url: test.info().project.use.baseURL! }]);
  }
  const page = await context.newPage();
  await signIn(page, email, undefined, language);
  return page;
}

async function data<T>(response: Promise<{ json(): Promise<unknown>; status(): number }>): Promise<T> {
  const answered = await response;
  expect(answered.status()).toBeLessThan(300);
  return ((await answered.json()) as { data: T }).data;
}

/** A project with an owner and a member who accepted the invitation, and a board with two columns. */
async function seedSharedBoard(request: APIRequestContext, owner: Headers, member: Headers) {
  const project = await data<{ id: number }>(
    request.post('/api/projects', { headers: owner, data: { name: 'Live project' } }),
  );
  const invitation = await data<{ id: number }>(
    request.post(`/api/projects/${project.id}/invitations`, {
      headers: owner,
      data: { email: member.uid, role: 'member' },
    }),
  );
  const folders = await data<{ id: number }[]>(request.get('/api/folders', { headers: member }));
  await data(
    request.post(`/api/project_invitations/${invitation.id}/accept_invitation`, {
      headers: member,
      data: { folder_id: folders[0]!.id },
    }),
  );
  const board = await data<{ id: number }>(
    request.post(`/api/projects/${project.id}/boards`, { headers: owner, data: { name: 'Sprint' } }),
  );
  const todo = await data<{ id: number }>(
    request.post(`/api/boards/${board.id}/columns`, { headers: owner, data: { name: 'To do' } }),
  );
  await data(request.post(`/api/boards/${board.id}/columns`, { headers: owner, data: { name: 'Doing' } }));
  await data(
    request.post(`/api/columns/${todo.id}/tasks`, { headers: owner, data: { title: 'Write the report' } }),
  );
  return { projectId: project.id, boardId: board.id };
}

/** A mark that a reload would wipe: proves the change arrived live. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}

async function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
}

test.describe('real time on a board', () => {
  test('a move and a new task in one browser appear in the other without reload (English and Spanish)', async ({
    browser,
    request,
  }) => {
    const ownerAccount = await createConfirmedUser(request, 'Olga Owner');
    const memberAccount = await createConfirmedUser(request, 'Mario Member');
    const owner = await apiCredentials(request, ownerAccount.email);
    const member = await apiCredentials(request, memberAccount.email);
    const { projectId, boardId } = await seedSharedBoard(request, owner, member);

    const ownerPage = await newSignedInPage(browser, ownerAccount.email, 'en');
    const memberPage = await newSignedInPage(browser, memberAccount.email, 'es');
    await ownerPage.goto(`/project/${projectId}?board=${boardId}`);
    await memberPage.goto(`/project/${projectId}?board=${boardId}`);
    const card = ownerPage.getByRole('button', { name: 'Write the report', exact: true });
    await expect(card).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Write the report', exact: true })).toBeVisible();

    // Presence: each sees the other, in their own language.
    await expect(ownerPage.getByTestId('board-presence')).toHaveAttribute(
      'aria-label',
      'Also on this board: Mario Member',
    );
    await expect(memberPage.getByTestId('board-presence')).toHaveAttribute(
      'aria-label',
      'También en este tablero: Olga Owner',
    );
    await markPage(ownerPage);
    await markPage(memberPage);

    // The owner drags the card to "Doing" with the keyboard (Space lifts, an arrow moves, Space drops).
    await card.focus();
    for (const key of ['Space', 'ArrowRight', 'Space']) {
      await ownerPage.keyboard.press(key);
      await ownerPage.waitForTimeout(300);
    }
    await expect(
      ownerPage
        .getByRole('region', { name: 'Column Doing' })
        .getByRole('button', { name: 'Write the report' }),
    ).toBeVisible();
    await expect(
      memberPage
        .getByRole('region', { name: 'Columna Doing' })
        .getByRole('button', { name: 'Write the report', exact: true }),
    ).toBeVisible();

    // The member adds a task in Spanish; it appears on the owner's board.
    const todo = memberPage.getByRole('region', { name: 'Columna To do' });
    await todo.getByRole('button', { name: 'Agregar una tarea a To do' }).click();
    await todo.getByRole('textbox', { name: 'Título de la tarea' }).fill('Preparar la demo');
    await todo.getByRole('button', { name: 'Agregar tarea' }).click();
    await expect(
      ownerPage
        .getByRole('region', { name: 'Column To do' })
        .getByRole('button', { name: 'Preparar la demo' }),
    ).toBeVisible();
    // Its own action is on its board once, not twice (the echo is skipped).
    await expect(memberPage.getByRole('button', { name: 'Preparar la demo', exact: true })).toHaveCount(1);

    // A change made elsewhere (the API, another device) arrives too.
    await request.put(`/api/boards/${boardId}`, { headers: owner, data: { name: 'Sprint 2' } });
    await expect(memberPage.getByRole('button', { name: 'Sprint 2', exact: true })).toBeVisible();

    expect(await wasNotReloaded(ownerPage)).toBe(true);
    expect(await wasNotReloaded(memberPage)).toBe(true);
    await ownerPage.context().close();
    await memberPage.context().close();
  });
});
