import { expect, test } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { apiData, screenshotAtEachWidth, signInThroughApi, type Language } from './support/locale';
import { choose, csvLine, daysAgo, downloadedCsv } from './support/reports';

/** What the person reads, word for word, in each language. */
const TEXT = {
  en: {
    workloadCard: 'Workload',
    progressCard: 'Task progress',
    board: 'Board',
    allBoards: 'All boards',
    table: 'Table',
    download: 'Download CSV',
    unassigned: 'Unassigned',
    expected: '2.5 h',
    reported: '1.5 h',
    chooseBoard: 'Choose a board to see how its tasks flow through its columns.',
    tooLong: 'This report covers at most 1 year.',
  },
  es: {
    workloadCard: 'Carga de trabajo',
    progressCard: 'Progreso de tareas',
    board: 'Tablero',
    allBoards: 'Todos los tableros',
    table: 'Tabla',
    download: 'Descargar CSV',
    unassigned: 'Sin asignar',
    expected: '2,5 h',
    reported: '1,5 h',
    chooseBoard: 'Elige un tablero para ver cómo avanzan sus tareas por las columnas.',
    tooLong: 'Este informe abarca como máximo 1 año.',
  },
} as const;

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  test(`workload and task progress: the URL follows the board, the table and the CSV hold the numbers (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const name = `Wanda ${language}`;
    const { email } = await createConfirmedUser(request, name, uniqueEmail(`board-reports-${language}`));
    const headers = await signInThroughApi(page, request, email, language);
    const post = <T>(path: string, data: unknown) => apiData<T>(request.post(path, { headers, data }));
    const project = await post<{ id: number }>('/api/projects', { name: `Board reports ${language}` });
    const members = await apiData<{ id: number }[]>(
      request.get(`/api/projects/${project.id}/members`, { headers }),
    );
    const sprint = await post<{ id: number }>(`/api/projects/${project.id}/boards`, { name: 'Sprint' });
    const bugs = await post<{ id: number }>(`/api/projects/${project.id}/boards`, { name: 'Bugs' });
    const todo = await post<{ id: number }>(`/api/boards/${sprint.id}/columns`, { name: 'Todo' });
    const done = await post<{ id: number }>(`/api/boards/${sprint.id}/columns`, { name: 'Done' });
    await post(`/api/boards/${bugs.id}/columns`, { name: 'Triage' });
    const mine = await post<{ id: number }>(`/api/columns/${todo.id}/tasks`, { title: 'Write' });
    await apiData(
      request.put(`/api/tasks/${mine.id}`, {
        headers,
        data: { assigned: [members[0]!.id], expected_hours: 2.5, deadline: daysAgo(0) },
      }),
    );
    await post(`/api/tasks/${mine.id}/hours`, { hours: 1.5, date: daysAgo(1) });
    const shipped = await post<{ id: number }>(`/api/columns/${todo.id}/tasks`, { title: 'Ship' });
    await post(`/api/tasks/${shipped.id}/move`, { column_id: done.id });

    // Workload: from the index, every board; then one board, and the address follows.
    await page.goto(`/project/${project.id}/report`);
    await page.getByRole('link', { name: text.workloadCard, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/project/${project.id}/report/workload/${daysAgo(7)}/${daysAgo(0)}/all$`),
    );
    await choose(page, text.table);
    const workload = page.getByRole('table');
    await expect(workload.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText(text.expected);
    await expect(workload.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText(text.reported);
    await expect(workload.getByRole('rowheader', { name: text.unassigned })).toBeVisible();
    await screenshotAtEachWidth(page, `report-workload-${language}-table`);
    await choose(page, language === 'en' ? 'Chart' : 'Gráfico');
    await screenshotAtEachWidth(page, `report-workload-${language}`);
    const csv = await downloadedCsv(page, text.download);
    expect(csv).toContain(csvLine(language, name, 1, 1, 0, 2.5, 1.5));

    await page.getByRole('combobox', { name: text.board }).click();
    await page.getByRole('option', { name: 'Bugs' }).click();
    await expect(page).toHaveURL(new RegExp(`/workload/${daysAgo(7)}/${daysAgo(0)}/${bugs.id}$`));
    await page.reload();
    await expect(page.getByRole('combobox', { name: text.board })).toHaveValue('Bugs');

    // Task progress: from the index, the first board; today Todo holds one task and Done one.
    await page.goto(`/project/${project.id}/report`);
    await page.getByRole('link', { name: text.progressCard, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/project/${project.id}/report/taskprogress/${daysAgo(7)}/${daysAgo(0)}/${sprint.id}$`),
    );
    await expect(page.locator('.recharts-area').first()).toBeVisible();
    await screenshotAtEachWidth(page, `report-taskprogress-${language}`);
    await choose(page, text.table);
    const progress = page.getByRole('table');
    await expect(progress.getByRole('row').last()).toHaveText(/1\s*1\s*2$/);
    await screenshotAtEachWidth(page, `report-taskprogress-${language}-table`);
    const flow = await downloadedCsv(page, text.download);
    expect(flow).toContain(csvLine(language, daysAgo(0), 1, 1, 2));

    await page.getByRole('combobox', { name: text.board }).click();
    await page.getByRole('option', { name: 'Bugs' }).click();
    await expect(page).toHaveURL(new RegExp(`/taskprogress/${daysAgo(7)}/${daysAgo(0)}/${bugs.id}$`));

    await page.goto(`/project/${project.id}/report/taskprogress/${daysAgo(7)}/${daysAgo(0)}/all`);
    await expect(page.getByText(text.chooseBoard)).toBeVisible();
    await page.goto(`/project/${project.id}/report/taskprogress/2025-01-01/2026-03-01/${sprint.id}`);
    await expect(page.getByText(text.tooLong)).toBeVisible();
  });
}
