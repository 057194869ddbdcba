import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForLink } from './outbox';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.edu`;
}

/**
 * A different address for each seeded sign-up (198.18.0.0/15, set aside for tests), so the
 * account-mail cap of 60 per address and hour counts each as a student's own machine.
 */
function studentAddress(): string {
  const n = Math.floor(Math.random() * 65_536);
  return `198.${18 + (n >> 15)}.${(n >> 8) & 127}.${n & 255}`;
}

/**
 * Seeds a confirmed account through the API and the real outbox, as a person would get one.
 * `dataDir`: the data folder of another app copy (AppProcess) that `request` talks to.
 */
export async function createConfirmedUser(
  request: APIRequestContext,
  name: string,
  email = uniqueEmail('seed'),
  dataDir?: string,
) {
  const signUp = await request.post('/api/auth', {
    headers: { 'x-forwarded-for': studentAddress() },
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD, terms_accepted: true },
  });
  expect(signUp.status()).toBe(201);
  const link = await waitForLink(email, '/api/auth/confirmation', dataDir);
  const token = new URL(link).searchParams.get('confirmation_token');
  const confirm = await request.post('/api/users/confirm', { data: { confirmation_token: token } });
  expect(confirm.status()).toBe(200);
  return { name, email, password: PASSWORD };
}

const SIGN_IN_LABELS = {
  en: { email: 'Email', password: 'Password', submit: 'Sign in' },
  es: { email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' },
};

export async function signIn(page: Page, email: string, password = PASSWORD, language = 'en'): Promise<void> {
  const labels = SIGN_IN_LABELS[language as keyof typeof SIGN_IN_LABELS];
  await page.goto('/');
  await page.getByRole('textbox', { name: labels.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: labels.password, exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}

/** Signs in through the API and returns the token headers, for seeding data as that user. */
export async function apiCredentials(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/auth/sign_in', { data: { email, password } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  return {
    'access-token': headers['access-token']!,
    client: headers['client']!,
    uid: headers['uid']!,
    expiry: headers['expiry']!,
  };
}
