import { expect, test } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { apiData, screenshotAtEachWidth, signInThroughApi, type Language } from './support/locale';
import { choose, csvLine, csvSeparator, downloadedCsv, localDay } from './support/reports';

/** What the person reads, word for word, in each language. */
const TEXT = {
  en: {
    burnupCard: 'Burnup',
    milestone: 'Milestone',
    table: 'Table',
    chart: 'Chart',
    hours: 'Expected hours',
    download: 'Download CSV',
    empty: 'No tasks in this milestone',
    invalid: 'This address does not name a valid milestone: choose one again.',
    velocity: 'Velocity',
    notFinished: 'Sprint 2 (not finished)',
    average: 'Mean velocity of 1 finished sprint: 0 tasks, 0 h',
    sprintSuffix: ' (sprint)',
    scopeHours: '3.5 h',
    completedHours: '2.5 h',
  },
  es: {
    burnupCard: 'Burnup',
    milestone: 'Hito',
    table: 'Tabla',
    chart: 'Gráfico',
    hours: 'Horas estimadas',
    download: 'Descargar CSV',
    empty: 'Este hito no tiene tareas',
    invalid: 'Esta dirección no corresponde a un hito válido: elige uno de nuevo.',
    velocity: 'Velocidad',
    notFinished: 'Sprint 2 (sin terminar)',
    average: 'Velocidad promedio de 1 sprint terminado: 0 tareas, 0 h',
    sprintSuffix: ' (sprint)',
    scopeHours: '3,5 h',
    completedHours: '2,5 h',
  },
} as const;

/** A day as the report's rows name it ("Nov 26", "26 nov"). */
function dayLabel(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  test(`burnup, burndown and velocity: the URL follows the milestone, the table and the CSV hold the numbers (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const { email } = await createConfirmedUser(request, `Mila ${language}`, uniqueEmail(`burn-${language}`));
    const headers = await signInThroughApi(page, request, email, language);
    const post = <T>(path: string, data: unknown) => apiData<T>(request.post(path, { headers, data }));
    const put = (path: string, data: unknown) => apiData(request.put(path, { headers, data }));
    const project = await post<{ id: number }>('/api/projects', { name: `Burn ${language}` });
    const milestone = (name: string, start: number, deadline: number) =>
      post<{ milestone_id: number }>(`/api/projects/${project.id}/milestones`, {
        milestone_name: name,
        start_date: localDay(start),
        deadline: localDay(deadline),
        sprint: true,
      });
    const finished = await milestone('Sprint 1', -14, -8);
    const running = await milestone('Sprint 2', 0, 6);
    const board = await post<{ id: number }>(`/api/projects/${project.id}/boards`, { name: 'B' });
    const column = await post<{ id: number }>(`/api/boards/${board.id}/columns`, { name: 'C' });
    const write = await post<{ id: number }>(`/api/columns/${column.id}/tasks`, { title: 'Write' });
    const ship = await post<{ id: number }>(`/api/columns/${column.id}/tasks`, { title: 'Ship' });
    await put(`/api/tasks/${write.id}`, { milestone_id: running.milestone_id, expected_hours: 2.5 });
    await put(`/api/tasks/${ship.id}`, { milestone_id: running.milestone_id, expected_hours: 1 });
    await put(`/api/tasks/${write.id}`, { completed: true });
    const today = dayLabel(localDay(0), language);

    // Burnup, from the index: the running sprint; today 2 tasks, 1 completed; the ideal starts at 0.
    await page.goto(`/project/${project.id}/report`);
    await page.getByRole('link', { name: text.burnupCard, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${project.id}/report/burnup/${running.milestone_id}$`));
    await screenshotAtEachWidth(page, `report-burnup-${language}`);
    await choose(page, text.table);
    const todayRow = page.getByRole('table').getByRole('row', { name: new RegExp(`^${today}`) });
    await expect(todayRow.getByRole('cell')).toHaveText(['2', '1', '0', '']);
    await choose(page, text.hours);
    await expect(todayRow.getByRole('cell')).toHaveText([text.scopeHours, text.completedHours, '0 h', '']);
    await screenshotAtEachWidth(page, `report-burnup-${language}-table`);
    const csv = await downloadedCsv(page, text.download);
    expect(csv).toContain(`${csvLine(language, localDay(0), 3.5, 2.5, 0, '')}\r\n`);
    expect(csv).toContain(csvLine(language, localDay(1), '', '', '')); // tomorrow: no numbers yet

    // Another milestone: the address follows; that sprint has no tasks.
    await page.getByRole('combobox', { name: text.milestone }).click();
    await page.getByRole('option', { name: `Sprint 1${text.sprintSuffix}` }).click();
    await expect(page).toHaveURL(new RegExp(`/report/burnup/${finished.milestone_id}$`));
    await expect(page.getByText(text.empty)).toBeVisible();

    // Burndown: remaining work; its ideal starts at the first day's scope.
    await page.goto(`/project/${project.id}/report/burndown/${running.milestone_id}`);
    await choose(page, text.chart);
    await screenshotAtEachWidth(page, `report-burndown-${language}`);
    await choose(page, text.table);
    await expect(
      page
        .getByRole('table')
        .getByRole('row', { name: new RegExp(`^${today}`) })
        .getByRole('cell'),
    ).toHaveText(['2', '1', '2', '']);

    // A milestone that began yesterday gains a task today: a scope change, marked on the chart.
    const late = await milestone('Sprint 3', -1, 5);
    const review = await post<{ id: number }>(`/api/columns/${column.id}/tasks`, { title: 'Review' });
    await put(`/api/tasks/${review.id}`, { milestone_id: late.milestone_id });
    await page.goto(`/project/${project.id}/report/burnup/${late.milestone_id}`);
    await choose(page, text.table);
    await expect(
      page
        .getByRole('table')
        .getByRole('row', { name: new RegExp(`^${today}`) })
        .getByRole('cell'),
    ).toHaveText(['1', '0', language === 'en' ? '0.17' : '0,17', '+1']);
    await choose(page, text.chart);
    await screenshotAtEachWidth(page, `report-burnup-${language}-change`);

    await page.goto(`/project/${project.id}/report/burnup/999999`);
    await expect(page.getByText(text.invalid)).toBeVisible();

    // Velocity, under the milestones: Sprint 1 finished with nothing done; Sprint 2 runs.
    await page.goto(`/project/${project.id}/milestone`);
    await expect(page.getByRole('heading', { name: text.velocity })).toBeVisible();
    await expect(page.getByText(text.average)).toBeVisible();
    await screenshotAtEachWidth(page, `milestones-velocity-${language}`);
    await choose(page, text.table);
    const sprintRow = page.getByRole('table').getByRole('row').filter({ hasText: text.notFinished });
    await expect(sprintRow.getByRole('cell').nth(1)).toHaveText('1'); // completed
    await expect(sprintRow.getByRole('cell').nth(2)).toHaveText('2'); // planned
    const velocityCsv = await downloadedCsv(page, text.download);
    expect(velocityCsv).toContain(`${text.notFinished}${csvSeparator(language)}`);
  });
}
