import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { clickUntil } from './support/clicks';
import {
  apiData,
  expectNoSidewaysScroll,
  signInThroughApi,
  VIEWPORTS,
  type Language,
} from './support/locale';
import { choose, csvLine, daysAgo } from './support/reports';

/** What the person reads, word for word, in each language. */
const TEXT = {
  en: {
    numbers: 'Numbers of the period',
    cards: ['Created2', 'Started1', 'Completed1', 'Reopened0', 'Overdue1'],
    mine: ['Created1', 'Started1', 'Completed1', 'Reopened0', 'Overdue0'],
    member: 'Member',
    completedList: 'Completed: 1',
    table: 'Table',
    download: 'Download CSV',
    downloadTasks: 'Download CSV: Completed tasks',
    leadCount: 'Tasks completed',
  },
  es: {
    numbers: 'Cifras del período',
    cards: ['Creadas2', 'Empezadas1', 'Completadas1', 'Reabiertas0', 'Atrasadas1'],
    mine: ['Creadas1', 'Empezadas1', 'Completadas1', 'Reabiertas0', 'Atrasadas0'],
    member: 'Miembro',
    completedList: 'Completadas: 1',
    table: 'Tabla',
    download: 'Descargar CSV',
    downloadTasks: 'Descargar CSV: Tareas completadas',
    leadCount: 'Tareas completadas',
  },
} as const;

/** The stat cards' text, label then number. */
const cardTexts = (page: Page, name: string) =>
  page.getByRole('list', { name }).getByRole('listitem').allTextContents();

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  test(`task tracking and lead time: numbers, lists, member filter in the URL, table and CSV (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const name = `Tomás ${language}`;
    const { email } = await createConfirmedUser(request, name, uniqueEmail(`reports-tasks-${language}`));
    const headers = await signInThroughApi(page, request, email, language);
    const project = await apiData<{ id: number }>(
      request.post('/api/projects', { headers, data: { name: `Task reports ${language}` } }),
    );
    const [me] = await apiData<{ id: number }[]>(
      request.get(`/api/projects/${project.id}/members`, { headers }),
    );
    const board = await apiData<{ id: number }>(
      request.post(`/api/projects/${project.id}/boards`, { headers, data: { name: 'B' } }),
    );
    const column = (columnName: string) =>
      apiData<{ id: number }>(
        request.post(`/api/boards/${board.id}/columns`, { headers, data: { name: columnName } }),
      );
    const [todo, doing] = [await column('To do'), await column('Doing')];
    const task = (title: string) =>
      apiData<{ id: number }>(request.post(`/api/columns/${todo.id}/tasks`, { headers, data: { title } }));
    // Shipped: started (moved), completed, assigned to me. Late: open, due yesterday, nobody's.
    const shipped = await task('Ship the release');
    await apiData(request.post(`/api/tasks/${shipped.id}/move`, { headers, data: { column_id: doing.id } }));
    await apiData(
      request.put(`/api/tasks/${shipped.id}`, { headers, data: { completed: true, assigned: [me!.id] } }),
    );
    const late = await task('Late homework');
    await apiData(request.put(`/api/tasks/${late.id}`, { headers, data: { deadline: daysAgo(1) } }));

    const tasksPath = `/project/${project.id}/report/tasks/${daysAgo(7)}/${daysAgo(0)}`;
    await page.goto(`${tasksPath}/all`);
    await expect.poll(() => cardTexts(page, text.numbers)).toEqual(text.cards);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/screens/report-tasks-${language}-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize(VIEWPORTS[0]);

    await page.getByRole('combobox', { name: text.member }).click();
    await page.getByRole('option', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${tasksPath}/${me!.id}$`));
    await expect.poll(() => cardTexts(page, text.numbers)).toEqual(text.mine);
    await page.reload();
    await expect.poll(() => cardTexts(page, text.numbers)).toEqual(text.mine);

    await choose(page, text.table);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.download, exact: true }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.endsWith(`${csvLine(language, '', 1, 1)}\r\n`)).toBe(true); // the totals: 1 created, 1 completed

    await page.getByRole('button', { name: text.completedList }).click();
    const taskUrl = new RegExp(`/project/${project.id}\\?.*task=${shipped.id}`);
    // The list opens with a 200 ms animation; once, a click during it did not navigate.
    await clickUntil(
      page.getByRole('link', { name: 'Ship the release' }),
      async () => taskUrl.test(page.url()),
      () => expect(page).toHaveURL(taskUrl, { timeout: 2_000 }),
    );

    await page.goto(`/project/${project.id}/report/lead`);
    const count = page.getByRole('listitem').filter({ hasText: text.leadCount });
    await expect(count).toHaveText(`${text.leadCount}1`);
    await expect(page.getByRole('link', { name: 'Ship the release' })).toBeVisible();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/screens/report-lead-${language}-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize(VIEWPORTS[0]);
    const tasksCsv = page.waitForEvent('download');
    await page.getByRole('button', { name: text.downloadTasks }).click();
    expect(readFileSync((await (await tasksCsv).path())!, 'utf8')).toContain(
      csvLine(language, shipped.id, 'Ship the release', ''),
    );

    // A range in the address: the fields show it, and a day before the range finds nothing.
    await page.goto(`/project/${project.id}/report/lead?start_date=2020-01-06&end_date=2020-01-12`);
    await expect(
      page.getByText(
        language === 'en'
          ? 'No tasks completed in this period'
          : 'No se completó ninguna tarea en este período',
      ),
    ).toBeVisible();
  });
}
