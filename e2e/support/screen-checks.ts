import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules issue 44 holds every screen to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Waits until the screen has drawn: its main landmark is there and no loader is left. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('main').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible')).toHaveCount(0);
}

/** The serious and critical axe violations on the page (or inside `scope`), one readable line each. */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
      ),
    );
}

/**
 * A word that reads like a translation key rather than a sentence: `year_value`, `reports.title`,
 * `reports:title`, or an uninterpolated `{{name}}`. Addresses and e-mails are not words of the
 * interface, so tokens with `@`, `/` or a web domain are skipped.
 */
function looksLikeKey(token: string): boolean {
  if (/\{\{|\}\}/.test(token)) return true;
  const word = token.replace(/^[^a-z{]+|[^a-z0-9}]+$/gi, '');
  if (/[@/]/.test(word) || /\.(edu|com|org|net|io|cl|csv|png|md|json)$/i.test(word)) return false;
  return /^[a-z][a-z0-9]*(?:[._:][a-z0-9]{2,})+$/.test(word) && /[_:.]/.test(word);
}

/** The visible words of the page that look like i18n keys. */
export async function keyLikeWords(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return [...new Set(text.split(/\s+/).filter(looksLikeKey))];
}
