import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** n days from today (negative: before) as `YYYY-MM-DD` in the runner's calendar, the browser's too. */
export function localDay(daysFromToday = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + daysFromToday);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** Today and n days ago, as `localDay` writes them. */
export function daysAgo(days = 0): string {
  return localDay(-days);
}

/** A segmented control's option: its radio input is visually hidden, so click its label. */
export async function choose(page: Page, name: string): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

/** Clicks the first download button named `label` and reads the file it downloads. */
export async function downloadedCsv(page: Page, label: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: label }).first().click();
  return readFileSync((await (await download).path())!, 'utf8');
}

/**
 * One CSV line as the app writes it for a reader of `language` (packages/contract csvOptionsFor):
 * `;` and decimal commas in Spanish, `,` and points in English.
 */
export function csvLine(language: 'en' | 'es', ...cells: (string | number)[]): string {
  const decimal = language === 'es' ? ',' : '.';
  const text = cells.map((cell) => (typeof cell === 'number' ? String(cell).replace('.', decimal) : cell));
  return text.join(csvSeparator(language));
}

export function csvSeparator(language: 'en' | 'es'): string {
  return language === 'es' ? ';' : ',';
}
