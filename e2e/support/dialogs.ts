import { expect, type Page } from '@playwright/test';
import type { SeededCourse } from './course';
import { label } from './labels';
import type { Language } from './locale';
import { settled } from './screen-checks';

type Check = (page: Page, name: string, scope?: string) => Promise<void>;

/** Checks the open dialog, then closes it with Escape as a keyboard user would. */
async function checkDialog(page: Page, check: Check, name: string): Promise<void> {
  await expect(page.getByRole('dialog').last()).toBeVisible();
  await check(page, name);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * The main dialogs of the daily flow, each checked while open: the task dialog on each of its
 * panels (hours and comments included), new board, add a task, members, new course template and
 * the assistant.
 */
export async function openDialogs(page: Page, course: SeededCourse, language: Language, check: Check) {
  const l = (namespace: string, key: string, values?: Record<string, string>) =>
    label(language, namespace, key, values);
  await page.goto(`/project/${course.projectId}?board=${course.boardId}&task=${course.taskId}`);
  await settled(page);
  const task = page.getByRole('dialog').last();
  await expect(task).toBeVisible();
  for (const panel of ['logs', 'report', 'reported', 'comments', 'attachments']) {
    await task
      .locator('label')
      .filter({ hasText: new RegExp(`^${l('tasks', `panels.${panel}`)}$`) })
      .click();
    await expect(task.getByRole('region', { name: l('tasks', `panels.${panel}`) })).toBeVisible();
    await check(page, `task dialog, ${panel} panel (${language})`);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // "New board" opens an inline one-field form among the tabs, not a dialog; Escape cancels it.
  await page.getByRole('button', { name: l('boards', 'board.create'), exact: true }).click();
  const boardName = page.getByRole('textbox', { name: l('boards', 'board.name') });
  await expect(boardName).toBeFocused();
  await check(page, `new board (${language})`);
  await page.keyboard.press('Escape');
  await expect(boardName).toHaveCount(0);

  const column = page.getByRole('region', { name: l('boards', 'column.region', { name: 'To do' }) });
  await column.getByRole('button', { name: l('boards', 'task.add_to', { name: 'To do' }) }).click();
  await expect(column.getByRole('textbox', { name: l('boards', 'task.title_input') })).toBeVisible();
  await check(page, `add a task (${language})`);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: l('members', 'button'), exact: true }).click();
  await checkDialog(page, check, `members (${language})`);

  await page.getByRole('button', { name: l('assistant', 'open') }).click();
  await expect(page.getByRole('button', { name: l('assistant', 'close') })).toBeVisible();
  await settled(page);
  await check(page, `assistant open (${language})`);
  // The chat is a modal: Escape closes it (its overlay covers the floating launcher's button).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: l('assistant', 'open') })).toBeVisible();

  await page.goto('/dashboard?tab=templates');
  await settled(page);
  await page
    .getByRole('button', { name: l('course-templates', 'new'), exact: true })
    .first()
    .click();
  await checkDialog(page, check, `new course template (${language})`);
}
