import { expect, test } from '@playwright/test';
import { createAdmin } from './support/admin';
import { typeDay } from './support/days';
import {
  apiData,
  expectNoSidewaysScroll,
  screenshotAtEachWidth,
  signInThroughApi,
  VIEWPORTS,
} from './support/locale';
import { choose, csvLine, downloadedCsv } from './support/reports';

/** What the admin reads on the Metrics tab, word for word, in each language. */
const TEXT = {
  en: {
    dashboard: 'Dashboard',
    tab: 'Metrics',
    heading: 'Usage metrics',
    start: 'From',
    end: 'To',
    week: 'Week',
    users: 'Accounts by type',
    admins: 'Administrators',
    hoursChart: 'Hours logged',
    download: 'Download CSV',
    caption: /^Per day, /,
    weekCaption: /^Per week \(weeks start on Monday\), /,
    total: 'Whole range',
    // A Monday long ago that no other test logs hours on: the fixture's numbers are alone there.
    monday: { iso: '2019-03-04', typed: '4/3/2019', plus2: '2019-03-06', sundayTyped: '10/3/2019' },
    numbers: { first: '2.5', second: '1.25', total: '3.75' },
  },
  es: {
    dashboard: 'Panel',
    tab: 'Métricas',
    heading: 'Métricas de uso',
    start: 'Desde',
    end: 'Hasta',
    week: 'Semana',
    users: 'Cuentas por tipo',
    admins: 'Administradores',
    hoursChart: 'Horas registradas',
    download: 'Descargar CSV',
    caption: /^Por día, /,
    weekCaption: /^Por semana \(las semanas empiezan el lunes\), /,
    total: 'Todo el período',
    monday: { iso: '2019-06-03', typed: '3/6/2019', plus2: '2019-06-05', sundayTyped: '9/6/2019' },
    numbers: { first: '2,5', second: '1,25', total: '3,75' },
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

// English at desktop size, Spanish at phone size; the screenshots cover both widths.
const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];

  test.describe(`dashboard metrics in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an admin opens the Metrics tab and reads the numbers of a small fixture, per day and per week, and as CSV', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const admin = await createAdmin(language === 'en' ? 'Alma Metrics' : 'Alma Métricas');
      const headers = await signInThroughApi(page, request, admin.email, language);
      // The fixture: a project with one task and two hour entries on days of a week long past.
      const project = await apiData<{ id: number }>(
        request.post('/api/projects', { headers, data: { name: `Metrics ${language}` } }),
      );
      const board = await apiData<{ id: number }>(
        request.post(`/api/projects/${project.id}/boards`, { headers, data: { name: 'Board' } }),
      );
      const column = await apiData<{ id: number }>(
        request.post(`/api/boards/${board.id}/columns`, { headers, data: { name: 'To do' } }),
      );
      const task = await apiData<{ id: number }>(
        request.post(`/api/columns/${column.id}/tasks`, { headers, data: { title: 'Count me' } }),
      );
      for (const [hours, date] of [
        [2.5, t.monday.iso],
        [1.25, t.monday.plus2],
      ] as const) {
        await apiData(request.post(`/api/tasks/${task.id}/hours`, { headers, data: { hours, date } }));
      }

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: t.dashboard })).toBeVisible();
      await page.getByRole('tab', { name: t.tab }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=metrics$/);
      await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();
      // Today's snapshot: at least this administrator.
      const users = page.getByRole('region', { name: t.users });
      await expect(users).toContainText(t.admins);

      // The fixture's week, per day: the two entries on their days and their sum.
      await typeDay(page.getByRole('textbox', { name: t.start, exact: true }), t.monday.typed, language);
      await typeDay(page.getByRole('textbox', { name: t.end, exact: true }), t.monday.sundayTyped, language);
      const table = page.getByRole('table');
      await expect(table.locator('caption')).toHaveText(t.caption);
      await expect(table.locator('tbody tr')).toHaveCount(7);
      await expect(page.getByTestId('metrics-total-hours_logged')).toHaveText(t.numbers.total);
      await expect(table.locator('tbody tr').nth(0)).toContainText(t.numbers.first);
      await expect(table.locator('tbody tr').nth(2)).toContainText(t.numbers.second);
      await expect(page.getByText(t.hoursChart, { exact: true }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await screenshotAtEachWidth(page, `metrics-day-${language}`);

      // Per week: one Monday, the same total; the CSV holds the same numbers with dot decimals.
      await choose(page, t.week);
      await expect(table.locator('caption')).toHaveText(t.weekCaption);
      await expect(table.locator('tbody tr')).toHaveCount(1);
      await expect(table.locator('tbody tr').nth(0)).toContainText(t.numbers.total);
      const csv = await downloadedCsv(page, t.download);
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toBe(csvLine(language, t.monday.iso, 0, 0, 0, 0, 3.75, 0));
      expect(lines[2]).toBe(csvLine(language, t.total, 0, 0, 0, 0, 3.75, 0));
      await screenshotAtEachWidth(page, `metrics-week-${language}`);
    });
  });
}
