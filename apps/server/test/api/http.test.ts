import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../helpers/database.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('HTTP plumbing', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get('/api/test/boom', { config: { permission: 'public' } }, async () => {
          throw new Error('secret internal detail');
        });
      },
    });
  });
  afterEach(() => t.close());

  it('GET /api/health answers ok with the version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', version: expect.any(String) });
  });

  it('GET /api/config says Google sign-in is off', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      google_sign_in: false,
      sign_in_provider: null,
      version: expect.any(String),
    });
  });

  it('answers an unknown /api route with 404 NOT_FOUND in the error shape', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['Not Found'], code: 'NOT_FOUND' });
  });

  it('answers an unexpected error with a generic 500 and no details', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: ['Ocurrió algo inesperado.'], code: 'UNEXPECTED' });
    expect(response.body).not.toContain('secret internal detail');
  });

  it('answers malformed JSON with the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.any(String)] });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: ['The request is too large.'], code: 'REQUEST_TOO_LARGE' });
  });

  it('sets a request id and the security headers on every response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('ignores a client-supplied request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'forged' },
    });
    expect(response.headers['x-request-id']).not.toBe('forged');
  });

  it('publishes the OpenAPI document with the account paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const expected of [
      '/api/auth',
      '/api/auth/sign_in',
      '/api/auth/sign_out',
      '/api/auth/validate_token',
      '/api/users/confirm',
      '/api/users/forgot',
      '/api/users/resend',
      '/api/users/{token}/reset',
      '/api/users/image',
      '/api/health',
      '/api/config',
    ]) {
      expect(paths).toContain(expected);
    }
    expect(response.json().paths['/api/auth/sign_in'].post.requestBody).toBeDefined();
  });

  it('serves the API docs page under its own content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('answers 503 from /api/health when the database does not answer', async () => {
    await t.db.destroy();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
