import { expect, test } from '@playwright/test';
import { createAdmin } from './support/admin';
import { screenshotAtEachWidth, signInThroughApi } from './support/locale';

/** What the admin reads, word for word, in each language. */
const TEXT = {
  en: {
    jobsTab: 'Jobs',
    counts: 'Background jobs',
    failed: 'Failed jobs',
    kind: 'Kind',
    queued: 'Queued',
    noFailures: 'No job has failed.',
  },
  es: {
    jobsTab: 'Tareas',
    counts: 'Tareas en segundo plano',
    failed: 'Tareas fallidas',
    kind: 'Tipo',
    queued: 'En cola',
    noFailures: 'Ninguna tarea ha fallado.',
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

for (const language of ['en', 'es'] as const) {
  const t = TEXT[language];

  test(`an admin sees the background jobs by kind and state, and none failed (${language})`, async ({
    page,
    request,
  }) => {
    const admin = await createAdmin();
    await signInThroughApi(page, request, admin.email, language);
    await page.goto('/dashboard?tab=jobs');
    await expect(page.getByRole('tab', { name: t.jobsTab })).toHaveAttribute('aria-selected', 'true');

    // The hourly cleanup is always planned: its row waits for the next full hour.
    const counts = page.getByRole('table', { name: t.counts });
    await expect(counts.getByRole('columnheader', { name: t.kind })).toBeVisible();
    await expect(counts.getByRole('columnheader', { name: t.queued })).toBeVisible();
    await expect(counts.getByRole('row').filter({ hasText: 'cleanup' })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: t.failed })).toBeVisible();
    await expect(page.getByText(t.noFailures)).toBeVisible();
    await screenshotAtEachWidth(page, `admin-jobs-${language}`);
  });
}
