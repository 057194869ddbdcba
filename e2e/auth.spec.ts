import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { waitForLink } from './support/outbox';

async function register(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Password confirmation', exact: true }).fill(PASSWORD);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/mail$/);
}

async function confirmFromOutbox(page: Page, email: string): Promise<void> {
  const link = await waitForLink(email, '/api/auth/confirmation');
  await page.goto(link);
  await expect(page.getByText('Your account is confirmed')).toBeVisible();
}

test.describe('accounts', () => {
  test('register, confirm through the outbox, sign in, switch language, sign out', async ({ page }) => {
    const email = uniqueEmail('ana');
    await register(page, 'Ana Student', email);
    await confirmFromOutbox(page, email);
    await signIn(page, email);

    await page.getByLabel('Language').first().click();
    await page.getByRole('option', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect((await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe('es');

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain('access-token');
  });

  test('a signed-in user is sent from the login screen to /welcome', async ({ page }) => {
    const email = uniqueEmail('leo');
    await register(page, 'Leo Student', email);
    await confirmFromOutbox(page, email);
    await signIn(page, email);
    await page.goto('/login/leo');
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('empty credentials show the incomplete-credentials message in the chosen language', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter your email and password.')).toBeVisible();
    await context.addCookies([{ name: 'language', value: 'es', url: page.url() }]);
    await page.reload();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Introduce tu correo electrónico y tu contraseña.')).toBeVisible();
  });

  test('forgot password resets it through the emailed single-use link', async ({ page }) => {
    const email = uniqueEmail('rosa');
    await register(page, 'Rosa Student', email);
    await confirmFromOutbox(page, email);

    await page.goto('/forgot');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/mail$/);

    const link = await waitForLink(email, '/reset_password/');
    await page.goto(link);
    const newPassword = 'a brand new password';
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Password confirmation', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signIn(page, email, newPassword);

    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('yet another password');
    await page
      .getByRole('textbox', { name: 'Password confirmation', exact: true })
      .fill('yet another password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('This link is invalid or has expired').first()).toBeVisible();
  });

  test('resend confirmation sends a new link that confirms the account', async ({ page }) => {
    const email = uniqueEmail('tom');
    await register(page, 'Tom Student', email);
    await page.goto('/resend');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/mail$/);
    await confirmFromOutbox(page, email);
    await signIn(page, email);
  });
});
