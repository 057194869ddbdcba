import { expect, test } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { apiData, screenshotAtEachWidth, signInThroughApi, type Language } from './support/locale';
import { choose, csvLine, downloadedCsv, localDay } from './support/reports';

/** What the person reads, word for word, in each language. */
const TEXT = {
  en: {
    timelineCard: 'Timeline',
    completionCard: 'Average task completion',
    variationCard: 'Estimated hours variation',
    table: 'Table',
    chart: 'Chart',
    download: 'Download CSV',
    milestone: 'Milestone',
    from: 'From',
    blocked: 'Blocked',
    overdue: 'Overdue',
    summary: '1 of 3 tasks completed (33.3%)',
    unassigned: 'Unassigned',
    noTasks: 'This milestone has no tasks',
    build: ['2 h', '3.5 h', '+1.5 h', '75%'],
    tooLong: 'This report covers at most 1 year.',
  },
  es: {
    timelineCard: 'Cronograma',
    completionCard: 'Tiempo medio de finalización de tareas',
    variationCard: 'Variación de horas estimadas',
    table: 'Tabla',
    chart: 'Gráfico',
    download: 'Descargar CSV',
    milestone: 'Hito',
    from: 'Desde',
    blocked: 'Bloqueada',
    overdue: 'Atrasada',
    summary: '1 de 3 tareas completadas (33,3 %)',
    unassigned: 'Sin asignar',
    noTasks: 'Este hito no tiene tareas',
    build: ['2 h', '3,5 h', '+1,5 h', '75 %'],
    tooLong: 'Este informe abarca como máximo 1 año.',
  },
} as const;

/** The spaces Intl puts before a percent sign in Spanish are non-breaking: match any space. */
const loose = (text: string) => new RegExp(text.replace(/[.+?()]/g, '\\$&').replace(/ /g, '\\s'));

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  test(`timeline, average completion and hours variation: the URL follows, the chart, table and CSV hold the numbers (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const name = `Paula ${language}`;
    const { email } = await createConfirmedUser(request, name, uniqueEmail(`plan-reports-${language}`));
    const headers = await signInThroughApi(page, request, email, language);
    const post = <T>(path: string, data: unknown) => apiData<T>(request.post(path, { headers, data }));
    const put = (path: string, data: unknown) => apiData(request.put(path, { headers, data }));
    const project = await post<{ id: number }>('/api/projects', { name: `Plan reports ${language}` });
    const members = await apiData<{ id: number }[]>(
      request.get(`/api/projects/${project.id}/members`, { headers }),
    );
    const me = members[0]!.id;
    const sprintA = await post<{ milestone_id: number }>(`/api/projects/${project.id}/milestones`, {
      milestone_name: 'Sprint A',
      start_date: localDay(-7),
      deadline: localDay(7),
    });
    const sprintB = await post<{ milestone_id: number }>(`/api/projects/${project.id}/milestones`, {
      milestone_name: 'Sprint B',
      start_date: localDay(8),
      deadline: localDay(20),
    });
    const board = await post<{ id: number }>(`/api/projects/${project.id}/boards`, { name: 'B' });
    const column = await post<{ id: number }>(`/api/boards/${board.id}/columns`, { name: 'Todo' });
    const task = async (title: string, changes: Record<string, unknown>) => {
      const created = await post<{ id: number }>(`/api/columns/${column.id}/tasks`, { title });
      await put(`/api/tasks/${created.id}`, changes);
      return created.id;
    };
    const inA = { milestone_id: sprintA.milestone_id };
    const design = await task('Design', {
      ...inA,
      starting_date: localDay(-3),
      deadline: localDay(-1),
      assigned: [me],
      expected_hours: 4,
    });
    const build = await task('Build', {
      ...inA,
      starting_date: localDay(-2),
      deadline: localDay(3),
      is_blocked: true,
      blocked_reason: 'Waiting for the API',
      assigned: [me],
      expected_hours: 2,
    });
    await task('Review', { ...inA, deadline: localDay(2), completed: true });
    await task('Loose', { deadline: localDay(0) });
    await post(`/api/tasks/${build}/hours`, { hours: 3.5, date: localDay(-1) });

    // Timeline, from the index: the last 7 days; Design overdue, Build blocked.
    await page.goto(`/project/${project.id}/report`);
    await page.getByRole('link', { name: text.timelineCard, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/project/${project.id}/report/timeline/${localDay(-7)}/${localDay(0)}$`),
    );
    const designLink = page.locator('a', { hasText: /^Design$/ });
    await expect(designLink).toBeVisible();
    await expect(designLink).toHaveAttribute('href', `/project/${project.id}?task=${design}`);
    await expect(page.getByText(text.blocked, { exact: true }).last()).toBeVisible();
    await screenshotAtEachWidth(page, `report-timeline-${language}`);
    await choose(page, text.table);
    const timeline = page.getByRole('table');
    await expect(timeline.getByRole('row', { name: /^Design/ })).toContainText(text.overdue);
    await expect(timeline.getByRole('row', { name: /^Build/ })).toContainText('Waiting for the API');
    await screenshotAtEachWidth(page, `report-timeline-${language}-table`);
    const timelineCsv = await downloadedCsv(page, text.download);
    expect(timelineCsv).toContain(
      csvLine(language, 'Design', 'Sprint A', localDay(-3), localDay(-1), text.overdue, '', name),
    );
    // A new first day is a new address.
    const from = page.getByRole('textbox', { name: text.from });
    const [year, month, day] = localDay(-14).split('-').map(Number);
    await from.fill(`${day}/${month}/${year}`);
    await from.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/timeline/${localDay(-14)}/${localDay(0)}$`));
    await page.goto(`/project/${project.id}/report/timeline/2025-01-01/2026-03-01`);
    await expect(page.getByText(text.tooLong)).toBeVisible();

    // Average completion, from the index: the milestone running today.
    await page.goto(`/project/${project.id}/report`);
    await page.getByRole('link', { name: text.completionCard, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/project/${project.id}/report/averagetaskcompletion/${sprintA.milestone_id}$`),
    );
    await expect(page.getByText(loose(text.summary))).toBeVisible();
    await expect(page.locator('.recharts-responsive-container').first()).toBeVisible();
    await screenshotAtEachWidth(page, `report-averagetaskcompletion-${language}`);
    await choose(page, text.table);
    const completion = page.getByRole('table');
    await expect(completion.getByRole('row', { name: new RegExp(`^${name}`) })).toHaveText(/2\s*0\s*0\s*%/);
    await expect(completion.getByRole('row', { name: new RegExp(`^${text.unassigned}`) })).toHaveText(
      /1\s*1\s*100\s*%/,
    );
    const completionCsv = await downloadedCsv(page, text.download);
    expect(completionCsv).toContain(csvLine(language, name, 2, 0, 0, '', ''));
    await page.getByRole('combobox', { name: text.milestone }).click();
    await page.getByRole('option', { name: 'Sprint B' }).click();
    await expect(page).toHaveURL(new RegExp(`/averagetaskcompletion/${sprintB.milestone_id}$`));
    await expect(page.getByText(text.noTasks)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: text.milestone })).toHaveValue('Sprint B');

    // Hours variation, from the index: Build took 3.5 h of its 2.
    await page.goto(`/project/${project.id}/report`);
    await page.getByRole('link', { name: text.variationCard, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/project/${project.id}/report/estimatedhoursvariation/${sprintA.milestone_id}$`),
    );
    await expect(page.locator('.recharts-responsive-container').first()).toBeVisible();
    await screenshotAtEachWidth(page, `report-estimatedhoursvariation-${language}`);
    await choose(page, text.table);
    const variation = page.getByRole('table').first();
    const buildRow = variation.getByRole('row', { name: /^Build/ });
    for (const cell of text.build) await expect(buildRow).toContainText(loose(cell));
    await screenshotAtEachWidth(page, `report-estimatedhoursvariation-${language}-table`);
    const variationCsv = await downloadedCsv(page, text.download);
    expect(variationCsv).toContain(csvLine(language, 'Build', 2, 3.5, 1.5, 75));
    await page.getByRole('combobox', { name: text.milestone }).click();
    await page.getByRole('option', { name: 'Sprint B' }).click();
    await expect(page).toHaveURL(new RegExp(`/estimatedhoursvariation/${sprintB.milestone_id}$`));
  });
}
