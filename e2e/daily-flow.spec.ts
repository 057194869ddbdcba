import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCredentials, createConfirmedUser, signIn } from './support/accounts';

type Headers = Awaited<ReturnType<typeof apiCredentials>>;

async function data<T>(response: Promise<{ json(): Promise<unknown>; ok(): boolean }>): Promise<T> {
  const answer = await response;
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** A project with a board, a "To do" column and one task, made through the API. */
async function seedBoard(request: APIRequestContext, headers: Headers) {
  const project = await data<{ id: number }>(
    request.post('/api/projects', { headers, data: { name: 'Daily flow' } }),
  );
  const board = await data<{ id: number }>(
    request.post(`/api/projects/${project.id}/boards`, { headers, data: { name: 'Sprint' } }),
  );
  const column = await data<{ id: number }>(
    request.post(`/api/boards/${board.id}/columns`, { headers, data: { name: 'To do' } }),
  );
  const task = await data<{ id: number }>(
    request.post(`/api/columns/${column.id}/tasks`, { headers, data: { title: 'Draft the survey' } }),
  );
  return { projectId: project.id, boardId: board.id, columnId: column.id, taskId: task.id };
}

async function useSpanish(page: Page): Promise<void> {
  await page.goto('/');
  await page.context().addCookies([{ name: 'language', value: 'es', url: page.url() }]);
}

async function totalHours(request: APIRequestContext, headers: Headers, taskId: number): Promise<number> {
  return (await data<{ total_hours: number }>(request.get(`/api/tasks/${taskId}`, { headers }))).total_hours;
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`the daily flow at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('hours typed with a decimal comma in Spanish are saved as 2.5', async ({ page, request }) => {
      const owner = await createConfirmedUser(request, 'Ana Comma');
      const headers = await apiCredentials(request, owner.email);
      const seeded = await seedBoard(request, headers);
      await useSpanish(page);
      await signIn(page, owner.email, undefined, 'es');
      await page.goto(`/project/${seeded.projectId}?board=${seeded.boardId}&task=${seeded.taskId}`);
      const detail = page.getByRole('dialog', { name: 'Draft the survey' });
      await detail
        .locator('label')
        .filter({ hasText: /^Registrar horas$/ })
        .click();
      const hours = detail.getByRole('textbox', { name: 'Horas', exact: true });
      await hours.fill('2,5');
      await expect(hours).toHaveValue('2,5');
      await detail.getByRole('button', { name: 'Registrar horas' }).click();
      await expect.poll(() => totalHours(request, headers, seeded.taskId)).toBe(2.5);

      // Nothing typed is dropped: a wrong entry stays, marked with a sentence, and is not saved.
      await hours.fill('2a');
      await expect(hours).toHaveValue('2a');
      await expect(detail.getByText('Introduce un número, por ejemplo 2,5.')).toBeVisible();
      await expect(detail.getByText(/Invalid input|errors:/)).toHaveCount(0);
      await page.screenshot({ path: `test-results/daily-flow-hours-es-${viewport.name}.png` });
    });

    test('a create that times out appears once, and its retry creates nothing new', async ({
      page,
      request,
    }) => {
      const owner = await createConfirmedUser(request, 'Teo Timeout');
      const headers = await apiCredentials(request, owner.email);
      const seeded = await seedBoard(request, headers);
      await signIn(page, owner.email);
      await page.goto(`/project/${seeded.projectId}?board=${seeded.boardId}`);
      // The server answers after the client's 7 s time-out, as a slow server would.
      await page.route('**/api/columns/*/tasks', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 8_000));
        await route.fulfill({ response }).catch(() => undefined);
      });
      const column = page.getByRole('region', { name: 'Column To do' });
      await column.getByRole('button', { name: 'Add a task to To do' }).click();
      await column.getByRole('textbox', { name: 'Task title' }).fill('Book the room');
      await column.getByRole('button', { name: 'Add task' }).click();
      await expect(
        page.getByText('Request timeout, something may be wrong with the network connection.'),
      ).toBeVisible({
        timeout: 15_000,
      });
      await expect(column.getByRole('button', { name: 'Book the room', exact: true })).toHaveCount(1, {
        timeout: 15_000,
      });

      // The person tries again with the same title: the same submission, replayed, not a second task.
      await page.unroute('**/api/columns/*/tasks');
      const input = column.getByRole('textbox', { name: 'Task title' });
      if (await input.isVisible()) {
        await input.fill('Book the room');
        await column.getByRole('button', { name: 'Add task' }).click();
      }
      const board = await data<{ tasks: { title: string }[] }>(
        request.get(`/api/boards/${seeded.boardId}`, { headers }),
      );
      await expect
        .poll(async () => {
          const now = await data<{ tasks: { title: string }[] }>(
            request.get(`/api/boards/${seeded.boardId}`, { headers }),
          );
          return now.tasks.filter((task) => task.title === 'Book the room').length;
        })
        .toBe(1);
      expect(board.tasks.filter((task) => task.title === 'Book the room')).toHaveLength(1);
    });

    test('someone who cannot see a project gets a page that says so, in both languages', async ({
      page,
      request,
    }) => {
      const owner = await createConfirmedUser(request, 'Olga Owner');
      const stranger = await createConfirmedUser(request, 'Sam Stranger');
      const seeded = await seedBoard(request, await apiCredentials(request, owner.email));
      await signIn(page, stranger.email);
      await page.goto(`/project/${seeded.projectId}`);
      await expect(page.getByRole('heading', { name: 'No access to this project' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute('href', '/home');
      await page.screenshot({ path: `test-results/daily-flow-no-access-en-${viewport.name}.png` });

      await page.context().addCookies([{ name: 'language', value: 'es', url: page.url() }]);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Sin acceso a este proyecto' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ir a tus proyectos' })).toBeVisible();
      await page.screenshot({ path: `test-results/daily-flow-no-access-es-${viewport.name}.png` });
    });
  });
}
