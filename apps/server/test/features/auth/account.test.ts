import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../../src/users/users.js';
import { HOUR_MS, MINUTE_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, PASSWORD, signIn } from '../../helpers/factories.js';
import { tokenFromLink } from '../../helpers/mailbox.js';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../../helpers/test-app.js';

const NEW_PASSWORD = 'a brand new password';

describe.skipIf(!isDatabaseAvailable)('emailed-link flows', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  async function signUpAndGetToken(email: string): Promise<string> {
    await post('/api/auth', {
      name: 'Nia',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_accepted: true,
    });
    return tokenFromLink(t.mail.lastTo(email).links[0]!);
  }

  async function requestReset(email: string): Promise<string> {
    await post('/api/users/forgot', { email });
    return tokenFromLink(t.mail.lastTo(email).links[0]!);
  }

  describe('POST /api/users/confirm', () => {
    it('confirms the account once; the token cannot be used again', async () => {
      const token = await signUpAndGetToken('nia@uni.example');
      const first = await post('/api/users/confirm', { confirmation_token: token });
      expect(first.statusCode).toBe(200);
      expect(first.json().data.email).toBe('nia@uni.example');
      expect(
        (await post('/api/auth/sign_in', { email: 'nia@uni.example', password: PASSWORD })).statusCode,
      ).toBe(200);
      const again = await post('/api/users/confirm', { confirmation_token: token });
      expect(again.statusCode).toBe(422);
      expect(again.json().code).toBe('TOKEN_INVALID');
    });

    it('refuses a confirmation token older than 48 hours', async () => {
      const token = await signUpAndGetToken('nia@uni.example');
      t.clock.advance(48 * HOUR_MS + 1);
      const response = await post(
        '/api/users/confirm',
        { confirmation_token: token },
        { cookie: 'language=es' },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        errors: ['Este enlace no es válido o ha caducado. Solicita uno nuevo.'],
        code: 'TOKEN_INVALID',
      });
    });

    it('refuses an unknown token and a reset token', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const resetToken = await requestReset('ana@uni.example');
      expect((await post('/api/users/confirm', { confirmation_token: 'made-up' })).statusCode).toBe(422);
      expect((await post('/api/users/confirm', { confirmation_token: resetToken })).statusCode).toBe(422);
    });
  });

  describe('POST /api/users/resend', () => {
    it('mails a new link that replaces the old one', async () => {
      const oldToken = await signUpAndGetToken('nia@uni.example');
      const response = await post('/api/users/resend', { email: 'nia@uni.example' });
      expect(response.statusCode).toBe(202);
      const newToken = tokenFromLink(t.mail.lastTo('nia@uni.example').links[0]!);
      expect(newToken).not.toBe(oldToken);
      expect((await post('/api/users/confirm', { confirmation_token: oldToken })).statusCode).toBe(422);
      expect((await post('/api/users/confirm', { confirmation_token: newToken })).statusCode).toBe(200);
    });

    it('answers the same for unknown, unconfirmed and confirmed emails', async () => {
      await createUser(t.db, { email: 'done@uni.example' });
      await createUser(t.db, { email: 'pending@uni.example', isConfirmed: false });
      const answers = await Promise.all(
        ['done@uni.example', 'pending@uni.example', 'ghost@uni.example'].map((email) =>
          post('/api/users/resend', { email }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(202);
        expect(answer.body).toBe(answers[0]!.body);
      }
      expect(t.mail.messages.map((message) => message.to)).toEqual(['pending@uni.example']);
    });

    it('mails an address at most 3 times an hour from one IP, answering 202 every time', async () => {
      await createUser(t.db, { email: 'pending@uni.example', isConfirmed: false });
      for (let i = 0; i < 5; i++)
        expect((await post('/api/users/resend', { email: 'pending@uni.example' })).statusCode).toBe(202);
      expect(t.mail.to('pending@uni.example')).toHaveLength(3);
      t.clock.advance(HOUR_MS);
      expect((await post('/api/users/resend', { email: 'pending@uni.example' })).statusCode).toBe(202);
      expect(t.mail.to('pending@uni.example')).toHaveLength(4);
    });
  });

  describe('POST /api/users/forgot', () => {
    it('answers known and unknown emails with the same neutral 202', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const known = await post('/api/users/forgot', { email: 'ana@uni.example' });
      const unknown = await post('/api/users/forgot', { email: 'ghost@uni.example' });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
      expect(t.mail.messages.map((message) => message.to)).toEqual(['ana@uni.example']);
      expect(t.mail.lastTo('ana@uni.example').links[0]).toMatch(
        new RegExp(`^${TEST_APP_URL}/reset_password/[\\w-]{40,}$`),
      );
    });

    it('answers in Spanish with Accept-Language', async () => {
      const response = await post(
        '/api/users/forgot',
        { email: 'ghost@uni.example' },
        { 'accept-language': 'es' },
      );
      expect(response.json().message).toMatch(/^Si esta dirección pertenece a una cuenta/);
    });

    it('mails an address 3 reset links an hour from one IP, answered alike for known and unknown addresses', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const answers = [];
      for (const email of ['ana@uni.example', 'ghost@uni.example']) {
        for (let i = 0; i < 5; i++) answers.push(await post('/api/users/forgot', { email }));
      }
      for (const answer of answers) {
        expect(answer.statusCode).toBe(202);
        expect(answer.body).toBe(answers[0]!.body);
      }
      expect(t.mail.messages.filter((message) => message.to === 'ana@uni.example')).toHaveLength(3);
    });

    it('refuses a malformed email with 422', async () => {
      const response = await post('/api/users/forgot', { email: 'nope' });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('EMAIL_NOT_VALID');
    });
  });

  describe('POST /api/users/:token/reset', () => {
    it('sets the new password once and signs out every device', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const laptop = await signIn(t.app, 'ana@uni.example');
      const phone = await signIn(t.app, 'ana@uni.example');
      const token = await requestReset('ana@uni.example');
      const payload = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
      const response = await post(`/api/users/${token}/reset`, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Your password has been changed. You can now sign in with the new one.',
      });
      for (const device of [laptop, phone]) {
        expect(
          (await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers: device }))
            .statusCode,
        ).toBe(401);
      }
      expect(
        (await post('/api/auth/sign_in', { email: 'ana@uni.example', password: PASSWORD })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/auth/sign_in', { email: 'ana@uni.example', password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
      const reused = await post(`/api/users/${token}/reset`, payload);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().code).toBe('TOKEN_INVALID');
    });

    it('refuses a token older than one hour', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const token = await requestReset('ana@uni.example');
      t.clock.advance(HOUR_MS + MINUTE_MS);
      const response = await post(`/api/users/${token}/reset`, {
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('TOKEN_INVALID');
    });

    it('validates the new password without spending the token', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const token = await requestReset('ana@uni.example');
      const short = await post(`/api/users/${token}/reset`, {
        password: 'short',
        password_confirmation: 'short',
      });
      expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
      const mismatch = await post(`/api/users/${token}/reset`, {
        password: NEW_PASSWORD,
        password_confirmation: 'other thing',
      });
      expect(mismatch.json().code).toBe('PASSWORD_CONFIRMATION_MISMATCH');
      const good = await post(`/api/users/${token}/reset`, {
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(good.statusCode).toBe(200);
    });

    it('confirms an unconfirmed account, since the link proves the address', async () => {
      await createUser(t.db, { email: 'late@uni.example', isConfirmed: false });
      const token = await requestReset('late@uni.example');
      await post(`/api/users/${token}/reset`, {
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect((await findUserByEmail(t.db, 'late@uni.example'))?.confirmed_at).not.toBeNull();
    });

    it('refuses a made-up token', async () => {
      const response = await post('/api/users/not-a-real-token/reset', {
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('TOKEN_INVALID');
    });
  });
});
