import { expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { createAdmin } from './support/admin';
import { clickUntil } from './support/clicks';
import { screenshotAtEachWidth, signInThroughApi, VIEWPORTS, type Language } from './support/locale';

/** What the people read, word for word, in each language. */
const TEXT = {
  en: {
    userMenu: /^User menu/,
    dashboard: /^Dashboard/,
    usersTab: 'Users',
    search: 'Search by name or email',
    edit: 'Edit',
    actions: (name: string) => `Actions for ${name}`,
    accountType: 'Account type',
    teacher: 'Teacher',
    maxProjects: 'Max projects',
    unlimited: 'Unlimited',
    maxProjectsError: 'Enter a whole number from 0 to 1,000, or leave it empty for no limit.',
    save: 'Save',
    saved: 'Account updated.',
    auditTab: 'Audit',
    student: 'Stella Student',
  },
  es: {
    userMenu: /^Menú de usuario/,
    dashboard: /^Panel/,
    usersTab: 'Usuarios',
    search: 'Buscar por nombre o correo',
    edit: 'Editar',
    actions: (name: string) => `Acciones para ${name}`,
    accountType: 'Tipo de cuenta',
    teacher: 'Docente',
    maxProjects: 'Máximo de proyectos',
    unlimited: 'Sin límite',
    maxProjectsError: 'Escribe un número entero de 0 a 1.000, o déjalo vacío para no poner límite.',
    save: 'Guardar',
    saved: 'Cuenta actualizada.',
    auditTab: 'Auditoría',
    student: 'Estela Estudiante',
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

async function browserOf(browser: Browser, request: APIRequestContext, email: string, language: Language) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[0],
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await signInThroughApi(page, request, email, language);
  return page;
}

async function menuItems(page: Page, language: Language) {
  const items = page.getByRole('menuitem');
  await clickUntil(
    page.getByRole('button', { name: TEXT[language].userMenu }),
    () => items.first().isVisible(),
    () => expect(items.first()).toBeVisible({ timeout: 2_000 }),
  );
  return items;
}

for (const language of ['en', 'es'] as const) {
  const t = TEXT[language];

  test(`an admin makes a student a teacher, whose menu shows Dashboard after reload (${language})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await createAdmin();
    const student = await createConfirmedUser(request, t.student);

    const studentPage = await browserOf(browser, request, student.email, language);
    await studentPage.goto('/home');
    let items = await menuItems(studentPage, language);
    await expect(items.filter({ hasText: t.dashboard })).toHaveCount(0);
    await studentPage.keyboard.press('Escape');

    await signInThroughApi(page, request, admin.email, language);
    await page.goto('/dashboard?tab=users');
    await expect(page.getByRole('tab', { name: t.usersTab })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: t.search }).fill(student.email);
    // Within the row of this run's address: a retried test has created another student of that name.
    const actions = page
      .getByRole('listitem')
      .filter({ hasText: student.email })
      .getByRole('group', { name: t.actions(student.name) });
    await expect(actions).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveCount(1);
    await screenshotAtEachWidth(page, `admin-users-list-${language}`);

    await actions.getByRole('button', { name: t.edit }).click();
    const dialog = page.getByRole('dialog');
    // Issue 44.9: "-3" stays as typed, with the API's own message, and saving sends nothing.
    const limit = dialog.getByRole('textbox', { name: t.maxProjects });
    await expect(limit).toHaveValue('5');
    await limit.fill('-3');
    await expect(limit).toHaveValue('-3');
    await expect(dialog.getByText(t.maxProjectsError)).toBeVisible();
    await screenshotAtEachWidth(page, `admin-users-limit-error-${language}`);
    const saves: string[] = [];
    page.on('request', (sent) => sent.method() === 'PUT' && saves.push(sent.url()));
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.getByText(t.maxProjectsError)).toBeVisible();
    expect(saves).toEqual([]);
    // A teacher's default (unlimited, the contract's rule) replaces the student's limit.
    await dialog.getByRole('combobox', { name: t.accountType }).click();
    await page.getByRole('option', { name: t.teacher, exact: true }).click();
    await expect(limit).toHaveValue('');
    await expect(dialog.getByText(t.maxProjectsError)).toHaveCount(0);
    await screenshotAtEachWidth(page, `admin-users-edit-${language}`);
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await expect(page.getByRole('listitem').filter({ hasText: student.email })).toContainText(t.unlimited);

    await page.getByRole('tab', { name: t.auditTab }).click();
    await expect(page.getByText('account.type_changed').first()).toBeVisible();
    await screenshotAtEachWidth(page, `admin-users-audit-${language}`);

    // The student's page, reloaded: the same session, now a teacher's menu.
    await studentPage.reload();
    items = await menuItems(studentPage, language);
    await expect(items.filter({ hasText: t.dashboard })).toHaveCount(1);
    await items.filter({ hasText: t.dashboard }).click();
    await expect(studentPage).toHaveURL(/\/dashboard/);
    await studentPage.context().close();
  });
}
