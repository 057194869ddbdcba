import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppProcess } from './support/server';

test.describe('app shell', () => {
  test('a protected route shows the login screen while signed out', async ({ page }) => {
    await page.goto('/project/12/report');
    await expect(page).toHaveURL(/\/project\/12\/report$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('an unknown path shows Not Found, in both languages', async ({ page, context }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await context.addCookies([{ name: 'language', value: 'es', url: page.url() }]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No encontrado' })).toBeVisible();
  });

  test('the offline overlay appears when the server stops and leaves when it returns', async ({ page }) => {
    const app = new AppProcess(4390 + Math.floor(Math.random() * 50));
    await app.start();
    try {
      await page.goto(app.url);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      const overlay = page.getByTestId('offline-overlay');
      await expect(overlay).toHaveCount(0);

      await app.stop();
      await expect(overlay).toBeVisible({ timeout: 20_000 });
      await page.keyboard.press('Escape');
      await expect(overlay).toBeVisible();

      await app.start();
      await expect(overlay).toBeHidden({ timeout: 20_000 });
    } finally {
      await app.stop();
    }
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/register']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    });
  }
});
