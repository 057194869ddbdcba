import { expect, type Locator, type Page } from '@playwright/test';
import type { Language } from './locale';

const NAV = {
  en: { sections: 'Project navigation', menu: 'Project menu' },
  es: { sections: 'Navegación del proyecto', menu: 'Menú del proyecto' },
} satisfies Record<Language, Record<string, string>>;

/**
 * The project's sections as the reader reaches them: the icon rail on a desktop, the drawer behind
 * the header's menu button on a phone (docs/responsive-layout.md), opened here when it is needed.
 */
export async function projectNav(page: Page, language: Language): Promise<Locator> {
  const t = NAV[language];
  const menu = page.getByRole('button', { name: t.menu });
  const nav = page.getByRole('navigation', { name: t.sections });
  // The first thing waited for on a freshly opened project page: generous on a loaded machine.
  await expect(nav.or(menu).first()).toBeVisible({ timeout: 30_000 });
  if (await menu.isVisible()) await menu.click();
  await expect(nav).toBeVisible();
  return nav;
}
