import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../../src/users/users.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser } from '../../helpers/factories.js';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../../helpers/test-app.js';

const validSignUp = {
  name: 'Ada Lovelace',
  email: 'Ada@Uni.Example ',
  password: 'analytical engine',
  password_confirmation: 'analytical engine',
  terms_accepted: true,
};

describe.skipIf(!isDatabaseAvailable)('POST /api/auth (sign up)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const signUp = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth', payload, headers });

  it('creates an unconfirmed student account and mails a confirmation link', async () => {
    const response = await signUp(validSignUp);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: expect.stringContaining('confirm') });
    const user = await findUserByEmail(t.db, 'ada@uni.example');
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      account_type: 'user',
      max_projects: 5,
      language: 'en',
      confirmed_at: null,
    });
    expect(user?.terms_accepted_at).toBe('2026-11-22T10:00:00.000Z');
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const mail = t.mail.lastTo('ada@uni.example');
    expect(mail.subject).toBe('Confirm your TeamBoard account');
    expect(mail.links[0]).toMatch(
      new RegExp(`^${TEST_APP_URL}/api/auth/confirmation\\?confirmation_token=[\\w-]{40,}$`),
    );
  });

  it('answers the same for an existing email and warns its owner instead', async () => {
    await createUser(t.db, { email: 'taken@uni.example', language: 'es' });
    const fresh = await signUp({ ...validSignUp, email: 'new@uni.example' });
    const taken = await signUp({ ...validSignUp, email: 'taken@uni.example' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    const mail = t.mail.lastTo('taken@uni.example');
    expect(mail.subject).toBe('Alguien intentó registrarse con tu correo');
    expect(mail.links).toEqual([`${TEST_APP_URL}/forgot`]);
  });

  it('writes the mail in the language chosen at sign-up, and the message in the request language', async () => {
    const response = await signUp({ ...validSignUp, language: 'es' }, { cookie: 'language=es' });
    expect(response.json().message).toMatch(/Gracias por registrarte/);
    expect(t.mail.lastTo('ada@uni.example').subject).toBe('Confirma tu cuenta de TeamBoard');
    expect((await findUserByEmail(t.db, 'ada@uni.example'))?.language).toBe('es');
  });

  it('takes the request language as the account language when none is given', async () => {
    await signUp(validSignUp, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect((await findUserByEmail(t.db, 'ada@uni.example'))?.language).toBe('es');
  });

  it('accepts email and passwords as headers (docs/spec.md §7 clients)', async () => {
    const response = await signUp(
      { name: 'Header Person', terms_accepted: true },
      { email: 'header@uni.example', password: 'header password', passwordconfirmation: 'header password' },
    );
    expect(response.statusCode).toBe(201);
    expect(await findUserByEmail(t.db, 'header@uni.example')).toBeDefined();
  });

  it.each([
    [
      'a short password',
      { password: 'short', password_confirmation: 'short' },
      'PASSWORD_TOO_SHORT',
      'password too short',
    ],
    [
      'a mismatched confirmation',
      { password_confirmation: 'something else' },
      'PASSWORD_CONFIRMATION_MISMATCH',
      'password confirmation does not match',
    ],
    [
      'terms not accepted',
      { terms_accepted: false },
      'TERMS_NOT_ACCEPTED',
      'you must accept the terms and conditions',
    ],
    ['a malformed email', { email: 'not-an-email' }, 'EMAIL_NOT_VALID', 'email not valid'],
    ['an empty name', { name: '  ' }, 'NAME_REQUIRED', 'The name cannot be empty.'],
  ])('refuses %s with 422 and the SPEC message', async (_case, change, code, message) => {
    const response = await signUp({ ...validSignUp, ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: [message], code });
    expect(t.mail.messages).toHaveLength(0);
  });

  it('localizes validation messages with the language cookie and with Accept-Language', async () => {
    const byCookie = await signUp(
      { ...validSignUp, password: 'short', password_confirmation: 'short' },
      { cookie: 'language=es' },
    );
    expect(byCookie.json()).toEqual({ errors: ['contraseña demasiado corta'], code: 'PASSWORD_TOO_SHORT' });
    const byHeader = await signUp({ ...validSignUp, email: 'nope' }, { 'accept-language': 'es-ES' });
    expect(byHeader.json()).toEqual({ errors: ['correo electrónico no válido'], code: 'EMAIL_NOT_VALID' });
    const cookieWins = await signUp(
      { ...validSignUp, email: 'nope' },
      { cookie: 'language=en', 'accept-language': 'es' },
    );
    expect(cookieWins.json().errors).toEqual(['email not valid']);
  });

  it('refuses server-managed fields instead of assigning them', async () => {
    const response = await signUp({ ...validSignUp, account_type: 'admin', max_projects: null });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(await findUserByEmail(t.db, 'ada@uni.example')).toBeUndefined();
  });
});
