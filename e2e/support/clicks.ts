import { expect, type Locator } from '@playwright/test';

/**
 * Clicks `target` until `outcome` passes, as a person clicks again when a click did nothing. Twice on
 * a loaded CI machine a click landed and nothing happened: during an accordion's opening animation,
 * and on a page that had just loaded. No click is sent while `isDone` says the outcome is there
 * already (a second click on a menu button would close the menu). Bounded: 20 s in all.
 */
export async function clickUntil(
  target: Locator,
  isDone: () => Promise<boolean>,
  outcome: () => Promise<void>,
): Promise<void> {
  await expect(async () => {
    if (!(await isDone())) await target.click({ timeout: 5_000 });
    await outcome();
  }).toPass({ timeout: 20_000 });
}
