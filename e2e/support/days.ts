import { expect, type Locator } from '@playwright/test';
import type { Language } from './locale';

/** The months as a date field shows them once it has read a day (written out here, not computed by the app). */
const SHORT_MONTHS: Record<Language, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/** How a date field shows the day typed as D/M/YYYY: "Mar 16, 2026" in English, "16 mar 2026" in Spanish. */
export function shownDay(typed: string, language: Language): string {
  const [day, month, year] = typed.split('/').map(Number) as [number, number, number];
  const name = SHORT_MONTHS[language][month - 1];
  return language === 'en' ? `${name} ${day}, ${year}` : `${day} ${name} ${year}`;
}

/**
 * Types a day as a person does (D/M/YYYY, with or without leading zeros) and leaves the field, which
 * closes its calendar; the field then shows the day it read with the month as a word.
 */
export async function typeDay(field: Locator, typed: string, language: Language): Promise<void> {
  await field.fill(typed);
  await field.press('Tab');
  await expect(field).toHaveValue(shownDay(typed, language));
}
