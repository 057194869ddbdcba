import { afterEach, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/logger.js';
import { isDatabaseAvailable } from './helpers/database.js';
import { createUser, PASSWORD, signIn } from './helpers/factories.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

describe('redactUrl', () => {
  it.each([
    ['/reset_password/abc123', '/reset_password/[REDACTED]'],
    ['/api/users/abc123/reset', '/api/users/[REDACTED]/reset'],
    [
      '/api/auth/confirmation?confirmation_token=abc&x=1',
      '/api/auth/confirmation?confirmation_token=[REDACTED]&x=1',
    ],
    ['/api/users/forgot', '/api/users/forgot'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe.skipIf(!isDatabaseAvailable)('request logging', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('never logs passwords, access tokens or URL tokens', async () => {
    const lines: string[] = [];
    t = await buildTestApp({ logStream: { write: (line) => void lines.push(line) } });
    await createUser(t.db, { email: 'log@uni.example' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: 'log@uni.example', password: 'wrong guess 123' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: { email: 'log@uni.example', password: PASSWORD },
    });
    const headers = await signIn(t.app, 'log@uni.example');
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate_token',
      headers: { ...headers, cookie: 'language=es' },
    });
    await t.app.inject({ method: 'POST', url: '/api/users/forgot', payload: { email: 'log@uni.example' } });
    const resetToken = t.mail.lastTo('log@uni.example').links[0]!.split('/').at(-1)!;
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${resetToken}/reset`,
      payload: { password: 'x', password_confirmation: 'x' },
    });
    await t.app.inject({ method: 'GET', url: `/api/auth/confirmation?confirmation_token=${resetToken}` });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('/api/users/[REDACTED]/reset');
    for (const secret of [PASSWORD, 'wrong guess 123', headers['access-token'], headers.client, resetToken]) {
      expect(log).not.toContain(secret);
    }
  });

  it('logs an unexpected error with its request id', async () => {
    const lines: string[] = [];
    t = await buildTestApp({
      logStream: { write: (line) => void lines.push(line) },
      beforeReady: (app) =>
        app.get('/api/test/boom', { config: { permission: 'public' } }, async () =>
          Promise.reject(new Error('kaboom')),
        ),
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    const entry = lines.map((line) => JSON.parse(line)).find((item) => item.msg === 'unexpected error');
    expect(entry.reqId).toBe(response.headers['x-request-id']);
    expect(entry.err.message).toBe('kaboom');
  });
});
