import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, as a keyboard user moves
 * through a screen; fails if it is not reached within `limit` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, limit = 60, visuallyHidden = false } = {},
) {
  // A segmented control's radio is visually hidden (its label is what shows): it only has to be there.
  if (visuallyHidden) await expect(target).toBeAttached();
  else await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${limit} presses of Tab`).toBeFocused({ timeout: 1 });
}

/** A segmented control's option, chosen with the arrow keys from the option that has the focus. */
export async function chooseWithArrows(page: Page, group: Locator, option: string) {
  const checked = group.getByRole('radio', { checked: true });
  // The switcher sits above the panel being worked in: a keyboard user goes back up to it.
  await tabTo(page, checked, { visuallyHidden: true, backwards: true, limit: 120 });
  for (let presses = 0; presses < 8; presses += 1) {
    if (await group.getByRole('radio', { name: option, exact: true }).isChecked()) return;
    await page.keyboard.press('ArrowRight');
  }
  await expect(group.getByRole('radio', { name: option, exact: true })).toBeChecked();
}
