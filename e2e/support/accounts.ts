import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForLink } from './outbox';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.edu`;
}

/** Seeds a confirmed account through the API and the real outbox, as a person would get one. */
export async function createConfirmedUser(
  request: APIRequestContext,
  name: string,
  email = uniqueEmail('seed'),
) {
  const signUp = await request.post('/api/auth', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD, terms_accepted: true },
  });
  expect(signUp.status()).toBe(201);
  const link = await waitForLink(email, '/api/auth/confirmation');
  const token = new URL(link).searchParams.get('confirmation_token');
  const confirm = await request.post('/api/users/confirm', { data: { confirmation_token: token } });
  expect(confirm.status()).toBe(200);
  return { name, email, password: PASSWORD };
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}
