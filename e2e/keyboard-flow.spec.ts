import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { chooseWithArrows, tabTo } from './support/keyboard';
import { label } from './support/labels';
import { apiData, signInThroughApi, type Language } from './support/locale';

type Headers = Awaited<ReturnType<typeof signInThroughApi>>;

/** A project with one board of two empty columns. */
async function seedBoard(request: APIRequestContext, headers: Headers, name: string) {
  const post = <T>(url: string, data: object) => apiData<T>(request.post(url, { headers, data }));
  const project = await post<{ id: number }>('/api/projects', { name });
  const board = await post<{ id: number }>(`/api/projects/${project.id}/boards`, { name: 'Sprint' });
  const todo = await post<{ id: number }>(`/api/boards/${board.id}/columns`, { name: 'To do' });
  const doing = await post<{ id: number }>(`/api/boards/${board.id}/columns`, { name: 'Doing' });
  return { projectId: project.id, boardId: board.id, todoId: todo.id, doingId: doing.id };
}

async function boardTasks(request: APIRequestContext, headers: Headers, boardId: number) {
  const board = await apiData<{
    tasks: { id: number; title: string; column_id: number; total_hours: number }[];
  }>(request.get(`/api/boards/${boardId}`, { headers }));
  return board.tasks;
}

/** The project's board (its index screen), and a new task typed into the first column. */
async function openBoardAndCreate(page: Page, language: Language, projectId: number, title: string) {
  const l = (namespace: string, key: string, values?: Record<string, string>) =>
    label(language, namespace, key, values);
  await page.goto(`/project/${projectId}`);
  const todo = page.getByRole('region', { name: l('boards', 'column.region', { name: 'To do' }) });
  await tabTo(page, todo.getByRole('button', { name: l('boards', 'task.add_to', { name: 'To do' }) }));
  await page.keyboard.press('Enter');
  await expect(todo.getByRole('textbox', { name: l('boards', 'task.title_input') })).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(todo.getByRole('button', { name: title, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
}

for (const language of ['en', 'es'] as const) {
  test(`the daily flow by keyboard alone: open a board, create, move, open, log hours, comment (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const l = (namespace: string, key: string, values?: Record<string, string>) =>
      label(language, namespace, key, values);
    const title = language === 'en' ? 'Draft the survey' : 'Redactar la encuesta';
    const project = language === 'en' ? 'Keyboard team' : 'Equipo teclado';
    const owner = await createConfirmedUser(request, 'Kai Keys', uniqueEmail(`keys-${language}`));
    const headers = await signInThroughApi(page, request, owner.email, language);
    const seeded = await seedBoard(request, headers, project);

    await openBoardAndCreate(page, language, seeded.projectId, title);

    // Move: Space picks the card up, an arrow carries it to the next column, Space drops it there.
    const card = page.getByRole('button', { name: title, exact: true });
    await tabTo(page, card);
    await page.keyboard.press('Space');
    // dnd-kit marks the lifted card as pressed; its "picked" announcement is replaced at once by the
    // "over" one in the same live region, so the state, not the passing text, says the card is lifted.
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowRight');
    // Dropped only once the card is over the next column (the live region says so), not mid-move.
    await expect(page.getByText(l('boards', 'dnd.over', { name: title, over: 'Doing' }))).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(l('boards', 'dnd.dropped', { name: title }))).toBeAttached();
    const doing = page.getByRole('region', { name: l('boards', 'column.region', { name: 'Doing' }) });
    await expect(doing.getByRole('button', { name: title, exact: true })).toBeVisible();
    await expect
      .poll(async () => (await boardTasks(request, headers, seeded.boardId))[0]?.column_id)
      .toBe(seeded.doingId);

    // Open it with Enter, log hours on the hours panel, then comment.
    await tabTo(page, doing.getByRole('button', { name: title, exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    const panels = dialog.getByRole('radiogroup', { name: l('tasks', 'panels.label') });
    await chooseWithArrows(page, panels, l('tasks', 'panels.report'));
    await tabTo(page, dialog.getByRole('textbox', { name: l('tasks', 'hours.hours'), exact: true }));
    await page.keyboard.type(language === 'en' ? '1.5' : '1,5');
    await tabTo(page, dialog.getByRole('button', { name: l('tasks', 'hours.submit') }));
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await boardTasks(request, headers, seeded.boardId))[0]?.total_hours)
      .toBe(1.5);

    await chooseWithArrows(page, panels, l('tasks', 'panels.comments'));
    await tabTo(page, dialog.getByRole('textbox', { name: l('tasks', 'comments.box') }));
    await page.keyboard.type('Sent to the class');
    await tabTo(page, dialog.getByRole('button', { name: l('tasks', 'comments.submit') }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Sent to the class')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
