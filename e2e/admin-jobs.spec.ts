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
    cleanup: 'Clean-up',
  },
  es: {
    jobsTab: 'Procesos',
    counts: 'Procesos en segundo plano',
    failed: 'Procesos fallidos',
    kind: 'Tipo',
    queued: 'En cola',
    noFailures: 'Ningún proceso ha fallado.',
    cleanup: 'Limpieza',
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
    await expect(counts.getByRole('row').filter({ hasText: t.cleanup })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: t.failed })).toBeVisible();
    await expect(page.getByText(t.noFailures)).toBeVisible();
    await screenshotAtEachWidth(page, `admin-jobs-${language}`);
  });
}
