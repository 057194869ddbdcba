import { afterEach, describe, expect, it } from 'vitest';
import { redactSecrets } from '../src/logger.js';
import { isDatabaseAvailable } from './helpers/database.js';
import { createUser, PASSWORD, signIn } from './helpers/factories.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

describe('redactSecrets (every value but an allowlist, token path segments, URL passwords)', () => {
  it.each([
    ['/reset_password/abc123', '/reset_password/[REDACTED]'],
    ['/api/users/abc123/reset', '/api/users/[REDACTED]/reset'],
    ['POST /api/users/:token/reset', 'POST /api/users/:token/reset'],
    [
      '/api/auth/confirmation?confirmation_token=abc&x=1',
      '/api/auth/confirmation?confirmation_token=[REDACTED]&x=[REDACTED]',
    ],
    ['/api/users/forgot', '/api/users/forgot'],
    [
      '/api/auth/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fidp',
      '/api/auth/oidc/callback?code=[REDACTED]&state=[REDACTED]&iss=[REDACTED]',
    ],
    [
      '/api/files/attachments/k3y.png?expires=1&signature=s1g',
      '/api/files/attachments/[REDACTED]?expires=[REDACTED]&signature=[REDACTED]',
    ],
    ['/api/files/avatars/k3y.webp', '/api/files/avatars/[REDACTED]'],
    ['/api/activity?limit=20&page=2&language=es', '/api/activity?limit=20&page=2&language=es'],
    ['/api/x?s3cret', '/api/x?[REDACTED]'],
    ['https://app.example/oidc/finish#code=c0de', 'https://app.example/oidc/finish#code=[REDACTED]'],
    ['smtps://user:pa55@mail.example:465', 'smtps://[REDACTED]@mail.example:465'],
    ['GET https://llm.example/v1?key=AP1KEY failed', 'GET https://llm.example/v1?key=[REDACTED] failed'],
    ['task #12 done; Tom & Jerry; why?', 'task #12 done; Tom & Jerry; why?'],
    // On a serialized line a match stops at the string's end: the JSON stays valid.
    ['{"url":"/a?b=1\\"c","n":2}', '{"url":"/a?b=[REDACTED]\\"c","n":2}'],
  ])('%s → %s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
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
