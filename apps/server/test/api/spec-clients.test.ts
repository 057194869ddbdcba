import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsPolicy } from '../../src/access/route-policy.js';
import { createUser, signIn, type TokenHeaders } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** docs/spec.md §7 clients send JSON headers on every call, body or not. */
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

describe('a client built against docs/spec.md §7', () => {
  let t: TestApp;
  let headers: TokenHeaders;

  beforeAll(async () => {
    t = await buildTestApp();
    headers = await signIn(t.app, (await createUser(t.db)).email);
  });
  afterAll(async () => t?.close());

  it('reaches every /api route with or without a trailing slash, with the same answer', async () => {
    const routes = t.app.routePolicies.filter(
      (route) => needsPolicy(route.url) && route.method !== 'HEAD' && !route.url.endsWith('/'),
    );
    expect(routes.length).toBeGreaterThan(60);
    const differing: string[] = [];
    for (const { method, url } of routes) {
      // Signed out: nothing changes, and a route that exists answers what its policy says.
      const path = url.replace(/:[a-z_]+/g, '1');
      const plain = await t.app.inject({ method: method as 'GET', url: path, headers: JSON_HEADERS });
      const slashed = await t.app.inject({ method: method as 'GET', url: `${path}/`, headers: JSON_HEADERS });
      if (plain.statusCode !== slashed.statusCode)
        differing.push(`${method} ${url}: ${plain.statusCode} ≠ ${slashed.statusCode}`);
    }
    expect(differing).toEqual([]);
  });

  it('signs in at POST /api/auth/sign_in/ and lists invitations at GET /api/project_invitations/', async () => {
    const user = await createUser(t.db);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in/',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ email: user.email, password: 'correct horse battery' }),
    });
    expect(signedIn.statusCode).toBe(200);
    const invitations = await t.app.inject({
      method: 'GET',
      url: '/api/project_invitations/',
      headers: { ...JSON_HEADERS, ...headers },
    });
    expect(invitations.statusCode).toBe(200);
    expect(invitations.json().data).toEqual([]);
  });

  it('signs out with DELETE /api/auth/sign_out carrying Content-Type: application/json and no body', async () => {
    const own = await signIn(t.app, (await createUser(t.db)).email);
    const signedOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign_out',
      headers: { ...JSON_HEADERS, ...own },
    });
    expect(signedOut.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers: own });
    expect(after.statusCode).toBe(401);
  });

  it('still refuses a JSON body that is not JSON, and a NUL character', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: { ...JSON_HEADERS, ...headers },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: { ...JSON_HEADERS, ...headers },
      payload: JSON.stringify({ name: 'a\u0000b' }),
    });
    expect(nul.statusCode).toBe(400);
  });

  it('answers a body-less create that needs a body with the localized validation error, not a parser error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: { ...JSON_HEADERS, ...headers, 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});
