import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import {
  apiData,
  expectNoSidewaysScroll,
  screenshotAtEachWidth,
  signInThroughApi,
  VIEWPORTS,
  type Language,
} from './support/locale';
import { choose, csvLine, daysAgo } from './support/reports';

/** What the person reads, word for word, in each language. */
const TEXT = {
  en: {
    hoursCard: 'Hours',
    table: 'Table',
    week: 'Week',
    download: 'Download CSV',
    twoAndHalf: '2.5 h',
    tooLong: 'The daily view covers at most 30 days.',
    sidebar: 'Reports',
    preview: '2.5 h logged',
  },
  es: {
    hoursCard: 'Horas',
    table: 'Tabla',
    week: 'Semana',
    download: 'Descargar CSV',
    twoAndHalf: '2,5 h',
    tooLong: 'La vista por días abarca como máximo 30 días.',
    sidebar: 'Informes',
    preview: '2,5 h registradas',
  },
} as const;

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  test(`the hours report: the URL follows the filter, the table and the CSV hold the numbers (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const { email } = await createConfirmedUser(
      request,
      `Rita ${language}`,
      uniqueEmail(`reports-${language}`),
    );
    const headers = await signInThroughApi(page, request, email, language);
    const project = await apiData<{ id: number }>(
      request.post('/api/projects', { headers, data: { name: `Reports ${language}` } }),
    );
    const board = await apiData<{ id: number }>(
      request.post(`/api/projects/${project.id}/boards`, { headers, data: { name: 'B' } }),
    );
    const column = await apiData<{ id: number }>(
      request.post(`/api/boards/${board.id}/columns`, { headers, data: { name: 'C' } }),
    );
    const task = await apiData<{ id: number }>(
      request.post(`/api/columns/${column.id}/tasks`, { headers, data: { title: 'Write' } }),
    );
    await apiData(
      request.post(`/api/tasks/${task.id}/hours`, { headers, data: { hours: 2.5, date: daysAgo(1) } }),
    );

    await page.goto(`/project/${project.id}/report`);
    // The card shows the report's key figure over the range it opens on.
    await expect(page.getByRole('link', { name: text.hoursCard, exact: true })).toContainText(text.preview);
    await screenshotAtEachWidth(page, `report-index-${language}`);
    await page.getByRole('link', { name: text.hoursCard, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/project/${project.id}/report/hours/${daysAgo(7)}/${daysAgo(0)}/day$`),
    );
    await choose(page, text.table);
    const table = page.getByRole('table');
    await expect(table.getByText(text.twoAndHalf).first()).toBeVisible();

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/screens/report-hours-${language}-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize(VIEWPORTS[0]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.download }).first().click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    // The reader's decimal mark: 2.5 in English, 2,5 in Spanish (docs/csv.md).
    expect(csv).toContain(csvLine(language, 2.5));

    await choose(page, text.week);
    await expect(page).toHaveURL(/\/week$/);
    await page.reload();
    await expect(page.getByRole('radio', { name: text.week })).toBeChecked();

    await page.goto(`/project/${project.id}/report/hours/2026-01-01/2026-03-01/day`);
    await expect(page.getByText(text.tooLong)).toBeVisible();
  });
}
