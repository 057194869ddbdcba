import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCredentials, createConfirmedUser, signIn } from './support/accounts';

const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function createColumn(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add a column' }).click();
  await page.getByRole('textbox', { name: 'Column name' }).fill(name);
  await page.getByRole('button', { name: 'Add column' }).click();
  await expect(page.getByRole('region', { name: `Column ${name}` })).toBeVisible();
}

async function createTask(page: Page, column: string, title: string) {
  const region = page.getByRole('region', { name: `Column ${column}` });
  const input = region.getByRole('textbox', { name: 'Task title' });
  // After a task is added the form stays open for the next one, as on Trello.
  if (!(await input.isVisible()))
    await region.getByRole('button', { name: `Add a task to ${column}` }).click();
  await input.fill(title);
  await region.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
}

async function axeSerious(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('boards and tasks', () => {
  test('board → columns → tasks, drag with mouse and keyboard, detail, hours, comments, attachments', async ({
    page,
    request,
  }) => {
    const owner = await createConfirmedUser(request, 'Bea Builder');
    const headers = await apiCredentials(request, owner.email);
    const created = await request.post('/api/projects', { headers, data: { name: 'Kanban course' } });
    const projectId = (await created.json()).data.id as number;

    await signIn(page, owner.email);
    await page.goto(`/project/${projectId}`);
    await page.getByRole('button', { name: 'New board' }).click();
    await page.getByRole('textbox', { name: 'Board name' }).fill('Sprint board');
    await page.getByRole('button', { name: 'Create board' }).click();
    await createColumn(page, 'To do');
    await createColumn(page, 'Doing');
    await createTask(page, 'To do', 'Write the report');
    await createTask(page, 'To do', 'Prepare slides');

    // Drag with the mouse into the other column.
    const card = page.getByRole('button', { name: 'Write the report', exact: true });
    const target = page.getByRole('region', { name: 'Column Doing' });
    const from = (await card.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
    await page.mouse.up();
    await expect(target.getByRole('button', { name: 'Write the report', exact: true })).toBeVisible();

    // Drag with the keyboard: Space lifts, arrows move, Space drops.
    const slides = page.getByRole('button', { name: 'Prepare slides', exact: true });
    await slides.focus();
    // dnd-kit's keyboard sensor animates each step; give every key its own beat.
    for (const key of ['Space', 'ArrowRight', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await expect(target.getByRole('button', { name: 'Prepare slides', exact: true })).toBeVisible();

    await page.reload();
    const doing = page.getByRole('region', { name: 'Column Doing' });
    await expect(doing.getByRole('button', { name: 'Write the report', exact: true })).toBeVisible();
    await expect(doing.getByRole('button', { name: 'Prepare slides', exact: true })).toBeVisible();
    expect(await axeSerious(page)).toEqual([]);

    // Task detail: description, hours, comment, attachment.
    await doing.getByRole('button', { name: 'Write the report', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Write the report' });
    await expect(detail).toBeVisible();
    expect(await axeSerious(page)).toEqual([]);

    await openPanel(detail, 'Report hours');
    await detail.getByRole('textbox', { name: 'Hours', exact: true }).fill('2.5');
    await detail.getByRole('button', { name: 'Report hours' }).click();
    await expect
      .poll(async () => {
        const task = await request.get(`/api/boards/${await boardIdOf(page)}`, { headers });
        const body = await task.json();
        return body.data.tasks.find((t: { title: string }) => t.title === 'Write the report')?.total_hours;
      })
      .toBe(2.5);

    await openPanel(detail, 'Comments');
    await detail
      .getByRole('textbox', { name: 'Comment', exact: true })
      .fill('Looks **good** <script>alert(1)</script>');
    await detail.getByRole('button', { name: 'Add comment' }).click();
    await expect(detail.getByText('good', { exact: true })).toBeVisible();
    await expect(detail.locator('script')).toHaveCount(0);

    await openPanel(detail, 'Attachments');
    const chooser = page.waitForEvent('filechooser');
    await detail.getByRole('button', { name: 'Attach file' }).click();
    await (await chooser).setFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    const download = page.waitForEvent('download');
    await detail.getByRole('link', { name: 'Download diagram.png' }).click();
    expect((await download).suggestedFilename()).toBe('diagram.png');
  });

  test('task detail: each section edits its field and the log records it', async ({ page, request }) => {
    const owner = await createConfirmedUser(request, 'Tina Detail');
    const headers = await apiCredentials(request, owner.email);
    const project = await (
      await request.post('/api/projects', { headers, data: { name: 'Detail project' } })
    ).json();
    const board = await (
      await request.post(`/api/projects/${project.data.id}/boards`, { headers, data: { name: 'Main' } })
    ).json();
    const column = await (
      await request.post(`/api/boards/${board.data.id}/columns`, { headers, data: { name: 'Backlog' } })
    ).json();
    const task = await (
      await request.post(`/api/columns/${column.data.id}/tasks`, {
        headers,
        data: { title: 'Design the schema' },
      })
    ).json();
    const taskId = task.data.id as number;

    await signIn(page, owner.email);
    await page.goto(`/project/${project.data.id}?board=${board.data.id}&task=${taskId}`);
    const detail = page.getByRole('dialog', { name: 'Design the schema' });
    await expect(detail).toBeVisible();

    await detail
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Use **UUIDs** [x](javascript:alert(1))');
    await detail.getByRole('button', { name: 'Save description' }).click();
    await detail.getByRole('textbox', { name: 'Expected hours', exact: true }).fill('6');
    await detail.getByRole('textbox', { name: 'Expected hours', exact: true }).press('Tab');
    // Typed as a person would, D/M/YYYY; leaving the field closes its calendar, which covers the
    // fields below it until it has faded out.
    const deadline = detail.getByRole('textbox', { name: 'Deadline', exact: true });
    await deadline.fill('15/12/2026');
    await deadline.press('Tab');
    await expect(page.getByText('December 2026')).toBeHidden();
    // Controlled by the saved task: the switch turns on once the server has answered.
    await detail.getByRole('switch', { name: 'Blocked' }).click({ force: true });
    await expect(detail.getByRole('switch', { name: 'Blocked' })).toBeChecked();
    await expect(deadline).toHaveValue('Dec 15, 2026');
    await detail.getByRole('textbox', { name: 'Reason', exact: true }).fill('Waiting for the API');
    await detail.getByRole('textbox', { name: 'Reason', exact: true }).press('Tab');
    await detail.getByRole('textbox', { name: 'New checklist item' }).fill('Draft tables');
    await detail.getByRole('button', { name: 'Add item' }).click();
    await detail.getByRole('checkbox', { name: 'Done: Draft tables' }).click({ force: true });
    await expect(detail.getByRole('checkbox', { name: 'Done: Draft tables' })).toBeChecked();
    await detail.getByRole('button', { name: 'Link by address' }).click();
    await detail.getByRole('textbox', { name: 'Commit message' }).fill('Add schema');
    await detail
      .getByRole('textbox', { name: 'Commit URL' })
      .fill('https://git.example.edu/team/repo/commit/abc123');
    await detail.getByRole('button', { name: 'Link commit' }).click();

    await expect
      .poll(async () => {
        const body = await (await request.get(`/api/tasks/${taskId}`, { headers })).json();
        const t = body.data;
        return [
          t.description,
          t.expected_hours,
          t.deadline,
          t.is_blocked,
          t.blocked_reason,
          t.checklist_done,
          t.commit?.message,
        ];
      })
      .toEqual([
        'Use **UUIDs** [x](javascript:alert(1))',
        6,
        '2026-12-15',
        true,
        'Waiting for the API',
        1,
        'Add schema',
      ]);
    // The Markdown preview is inert: no javascript: link survives rendering.
    await expect(detail.locator('a[href^="javascript:"]')).toHaveCount(0);

    const logs = await (await request.get(`/api/tasks/${taskId}/logs`, { headers })).json();
    const fields = logs.data.map((entry: { field: string }) => entry.field);
    for (const field of ['description', 'expected_hours', 'deadline', 'is_blocked'])
      expect(fields).toContain(field);
    await openPanel(detail, 'Logs');
    // Sentences with names and localized values, not field names and raw values (issue 14).
    const logRegion = detail.getByRole('region', { name: 'Logs' });
    await expect(logRegion).toContainText('Tina Detail marked the task as blocked');
    await expect(logRegion).toContainText('Tina Detail set the deadline to Dec 15, 2026');
    await expect(logRegion).not.toContainText('→');
  });

  test('project labels and board settings', async ({ page, request }) => {
    const owner = await createConfirmedUser(request, 'Lola Labels');
    const headers = await apiCredentials(request, owner.email);
    const project = await (
      await request.post('/api/projects', { headers, data: { name: 'Labels project' } })
    ).json();
    const board = await (
      await request.post(`/api/projects/${project.data.id}/boards`, { headers, data: { name: 'Roadmap' } })
    ).json();

    await signIn(page, owner.email);
    await page.goto(`/project/${project.data.id}?board=${board.data.id}`);
    await page.getByRole('button', { name: 'Labels', exact: true }).click();
    const labels = page.getByRole('dialog', { name: 'Project labels' });
    await labels.getByRole('textbox', { name: 'New label name' }).fill('Bug');
    await labels.getByRole('button', { name: 'Create label' }).click();
    await expect(labels.getByText('Bug', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Actions for board Roadmap' }).click();
    await page.getByRole('menuitem', { name: 'Board settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Board settings' });
    await settings.getByRole('textbox', { name: 'Description', exact: true }).fill('What ships this term');
    await settings.getByRole('combobox', { name: 'Labels offered on this board' }).click();
    await page.getByRole('option', { name: 'Bug' }).click();
    // Close the label dropdown (it stays open for more choices) before saving.
    await settings.getByRole('textbox', { name: 'Description', exact: true }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('What ships this term')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/boards/${board.data.id}`, { headers })).json()).data.board.labels
            .length,
      )
      .toBe(1);
  });

  test('archive a whole column and restore a task, in Spanish', async ({ page, request, context }) => {
    const owner = await createConfirmedUser(request, 'Elena Dueña');
    const headers = await apiCredentials(request, owner.email);
    const project = await (
      await request.post('/api/projects', { headers, data: { name: 'Proyecto final' } })
    ).json();
    const board = await (
      await request.post(`/api/projects/${project.data.id}/boards`, { headers, data: { name: 'Tablero' } })
    ).json();
    const column = await (
      await request.post(`/api/boards/${board.data.id}/columns`, { headers, data: { name: 'Hecho' } })
    ).json();
    for (const title of ['Entregar informe', 'Subir diapositivas']) {
      expect(
        (await request.post(`/api/columns/${column.data.id}/tasks`, { headers, data: { title } })).status(),
      ).toBe(201);
    }

    await context.addCookies([{ name: 'language', value: 'es', url: test.info().project.use.baseURL! }]);
    await signIn(page, owner.email, undefined, 'es');
    await page.goto(`/project/${project.data.id}?board=${board.data.id}`);
    const done = page.getByRole('region', { name: 'Columna Hecho' });
    await expect(done.getByRole('button', { name: 'Entregar informe', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Acciones de la columna Hecho' }).click();
    await page.getByRole('menuitem', { name: 'Archivar todas las tareas' }).click();
    // One click only asks (issue 14): nothing is archived until the person confirms.
    const confirm = page.getByRole('dialog', { name: '¿Archivar todas las tareas de «Hecho»?' });
    await expect(confirm).toContainText('Se archivarán 2 tareas de «Hecho»');
    await expect(done.getByRole('button', { name: 'Entregar informe', exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Archivar todas' }).click();
    await expect(done.getByRole('button', { name: 'Entregar informe', exact: true })).toHaveCount(0);
    await expect(done.getByRole('button', { name: 'Subir diapositivas', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Tareas archivadas' }).click();
    await page.getByRole('button', { name: 'Restaurar Entregar informe' }).click();
    await page.keyboard.press('Escape');
    await expect(done.getByRole('button', { name: 'Entregar informe', exact: true })).toBeVisible();
    await page.reload();
    await expect(done.getByRole('button', { name: 'Entregar informe', exact: true })).toBeVisible();
    await expect(done.getByRole('button', { name: 'Subir diapositivas', exact: true })).toHaveCount(0);
  });
});

/** The sub-panels are a segmented control: its radio inputs are visually hidden, so click the label. */
async function openPanel(detail: Locator, name: string): Promise<void> {
  await detail
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  await expect(detail.getByRole('radio', { name })).toBeChecked();
}

async function boardIdOf(page: Page): Promise<number> {
  const fromUrl = new URL(page.url()).searchParams.get('board');
  return Number(fromUrl);
}
