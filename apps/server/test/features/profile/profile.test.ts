import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, PASSWORD, signIn, type TokenHeaders } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('PUT /api/auth (profile)', () => {
  let t: TestApp;
  let headers: TokenHeaders;
  beforeEach(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example' });
    headers = await signIn(t.app, 'ana@uni.example');
  });
  afterEach(() => t.close());

  const update = (payload: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/auth', payload, headers: { ...headers, ...extra } });

  it('updates the profile fields and answers the stored user', async () => {
    const changes = {
      name: 'Ana María',
      language: 'es',
      gitname: 'ana-gh',
      labname: 'ana-lab',
      slack_id: 'U123',
      year: 3,
      semester: '2026-1',
      section: 'A',
      group: 'G7',
      watched_tutorial: true,
    };
    const response = await update(changes);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject(changes);
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers });
    expect(again.json().data).toMatchObject(changes);
  });

  it('clears optional fields with null', async () => {
    await update({ gitname: 'ana-gh' });
    const response = await update({ gitname: null });
    expect(response.json().data.gitname).toBeNull();
  });

  it('uses the signed-in user language for messages when the request names none', async () => {
    await update({ language: 'es' });
    const response = await update({ semester: '1999-1' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['El semestre no es válido.'], code: 'SEMESTER_NOT_VALID' });
  });

  it.each([
    ['account_type', { account_type: 'admin' }],
    ['max_projects', { max_projects: 999 }],
    ['email', { email: 'other@uni.example' }],
    ['confirmed_at', { confirmed_at: null }],
  ])('refuses the server-managed field %s', async (_field, payload) => {
    const response = await update(payload);
    expect(response.statusCode).toBe(422);
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers });
    expect(user.json().data).toMatchObject({
      account_type: 'user',
      max_projects: 5,
      email: 'ana@uni.example',
    });
  });

  it('changes the password only with the right current password', async () => {
    const missing = await update({ password: 'next password 1', password_confirmation: 'next password 1' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      errors: ['The current password is not correct.'],
      code: 'CURRENT_PASSWORD_WRONG',
    });
    const wrong = await update({
      current_password: 'not it',
      password: 'next password 1',
      password_confirmation: 'next password 1',
    });
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    const other = await signIn(t.app, 'ana@uni.example');
    const right = await update({
      current_password: PASSWORD,
      password: 'next password 1',
      password_confirmation: 'next password 1',
    });
    expect(right.statusCode).toBe(200);
    await expect(signIn(t.app, 'ana@uni.example', 'next password 1')).resolves.toBeDefined();
    // This device stays signed in; the others are signed out.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers: other })).statusCode,
    ).toBe(401);
  });

  it('refuses a short new password and a mismatched confirmation', async () => {
    expect(
      (await update({ current_password: PASSWORD, password: 'short', password_confirmation: 'short' })).json()
        .code,
    ).toBe('PASSWORD_TOO_SHORT');
    expect(
      (
        await update({ current_password: PASSWORD, password: 'long enough 1', password_confirmation: 'x' })
      ).json().code,
    ).toBe('PASSWORD_CONFIRMATION_MISMATCH');
  });
});
