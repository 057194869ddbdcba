import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, PASSWORD, signIn } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('sign-in and sessions', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const postSignIn = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign_in', payload, headers });
  const validateToken = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers });

  describe('POST /api/auth/sign_in', () => {
    it('answers the user and the token headers', async () => {
      const user = await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
      const response = await postSignIn({ email: ' ANA@uni.example', password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: {
          id: user.id,
          name: 'Ana',
          email: 'ana@uni.example',
          account_type: 'user',
          max_projects: 5,
          image: null,
          language: 'en',
          gitname: null,
          labname: null,
          slack_id: null,
          year: null,
          semester: null,
          section: null,
          group: null,
          provider: 'email',
          watched_tutorial: false,
        },
      });
      expect(response.headers['access-token']).toMatch(/^[\w-]{43}$/);
      expect(response.headers.client).toMatch(/^[\w-]{22}$/);
      expect(response.headers.uid).toBe('ana@uni.example');
      const expiry = Number(response.headers.expiry);
      expect(expiry).toBe(Math.floor((t.clock.now().getTime() + 14 * DAY_MS) / 1000));
    });

    it('accepts credentials as headers (docs/spec.md §7 clients)', async () => {
      await createUser(t.db, { email: 'hdr@uni.example' });
      const response = await postSignIn({}, { email: 'hdr@uni.example', password: PASSWORD });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a wrong password with 401 INVALID_CREDENTIALS', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const response = await postSignIn({ email: 'ana@uni.example', password: 'wrong password' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        errors: ['Invalid email or password.'],
        code: 'INVALID_CREDENTIALS',
      });
      expect(response.headers['access-token']).toBeUndefined();
    });

    it('answers an unknown email exactly like a wrong password', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const wrong = await postSignIn({ email: 'ana@uni.example', password: 'wrong password' });
      const unknown = await postSignIn({ email: 'nobody@uni.example', password: 'wrong password' });
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);
    });

    it('says an unconfirmed account must be confirmed, only after a correct password', async () => {
      await createUser(t.db, { email: 'new@uni.example', isConfirmed: false });
      const wrong = await postSignIn({ email: 'new@uni.example', password: 'wrong password' });
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
      const right = await postSignIn({ email: 'new@uni.example', password: PASSWORD });
      expect(right.statusCode).toBe(403);
      expect(right.json().code).toBe('ACCOUNT_NOT_CONFIRMED');
    });

    it('refuses a blocked account with 403 ACCOUNT_BLOCKED', async () => {
      await createUser(t.db, { email: 'blocked@uni.example', isBlocked: true });
      const response = await postSignIn({ email: 'blocked@uni.example', password: PASSWORD });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ACCOUNT_BLOCKED');
    });

    it('asks for both fields with the incomplete-credentials message, in Spanish too', async () => {
      const response = await postSignIn({ email: '', password: '' }, { cookie: 'language=es' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        errors: ['Introduce tu correo electrónico y tu contraseña.'],
        code: 'CREDENTIALS_INCOMPLETE',
      });
    });

    it('locks an account+IP after 5 failures for 15 minutes, even for the right password', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await postSignIn({ email: 'ana@uni.example', password: 'wrong password' })).statusCode).toBe(
          401,
        );
      }
      const locked = await postSignIn(
        { email: 'ana@uni.example', password: PASSWORD },
        { 'accept-language': 'es' },
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        errors: ['Demasiados intentos. Espera unos minutos e inténtalo de nuevo.'],
        code: 'RATE_LIMITED',
      });
      t.clock.advance(15 * MINUTE_MS + 1);
      expect((await postSignIn({ email: 'ana@uni.example', password: PASSWORD })).statusCode).toBe(200);
    });

    it('does not let failures from one IP lock the account holder out from another', async () => {
      await createUser(t.db, { email: 'victim@uni.example' });
      const fromAttacker = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign_in',
          remoteAddress: '198.51.100.66',
          payload: { email: 'victim@uni.example', password },
        });
      for (let attempt = 0; attempt < 6; attempt++) await fromAttacker('guessing away');
      expect((await fromAttacker(PASSWORD)).statusCode).toBe(429);
      const fromVictim = await postSignIn({ email: 'victim@uni.example', password: PASSWORD });
      expect(fromVictim.statusCode).toBe(200);
    });
    // Failures from one address slow it down, never lock it: test/features/auth/sign-in-limits.test.ts (issue 43).
  });

  describe('token headers', () => {
    it('GET /api/auth/validate_token answers the signed-in user', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const headers = await signIn(t.app, 'ana@uni.example');
      const response = await validateToken(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.email).toBe('ana@uni.example');
    });

    it.each([
      ['missing', {}],
      ['forged token', { 'access-token': 'x'.repeat(43) }],
      ['another uid', { uid: 'someone@uni.example' }],
      ['unknown client', { client: 'y'.repeat(22) }],
    ])('answers 401 UNAUTHORIZED for %s headers', async (_case, change) => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const headers = await signIn(t.app, 'ana@uni.example');
      const sent = Object.keys(change).length === 0 ? {} : { ...headers, ...change };
      const response = await validateToken(sent);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: ['Please sign in again.'], code: 'UNAUTHORIZED' });
    });

    it('expires a session after 14 days', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const headers = await signIn(t.app, 'ana@uni.example');
      t.clock.advance(14 * DAY_MS - 1000);
      expect((await validateToken(headers)).statusCode).toBe(200);
      t.clock.advance(2000);
      expect((await validateToken(headers)).statusCode).toBe(401);
    });

    it('signs out a user who gets blocked', async () => {
      const user = await createUser(t.db, { email: 'ana@uni.example' });
      const headers = await signIn(t.app, 'ana@uni.example');
      await t.db
        .updateTable('users')
        .set({ blocked_at: t.clock.now().toISOString() })
        .where('id', '=', user.id)
        .execute();
      expect((await validateToken(headers)).statusCode).toBe(401);
    });

    it('answers 401 before validating the body of an authenticated call', async () => {
      const response = await t.app.inject({ method: 'PUT', url: '/api/auth', payload: { name: '' } });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/auth/sign_out', () => {
    it('invalidates only that client; another device stays signed in', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const laptop = await signIn(t.app, 'ana@uni.example');
      const phone = await signIn(t.app, 'ana@uni.example');
      expect(laptop.client).not.toBe(phone.client);
      const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/sign_out', headers: laptop });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await validateToken(laptop)).statusCode).toBe(401);
      expect((await validateToken(phone)).statusCode).toBe(200);
    });

    it('answers 401 without token headers', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/sign_out' });
      expect(response.statusCode).toBe(401);
    });
  });
});
