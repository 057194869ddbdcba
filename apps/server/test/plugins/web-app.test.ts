import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../helpers/database.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const INDEX_HTML = '<!doctype html><title>TeamBoard test shell</title>';

describe.skipIf(!isDatabaseAvailable)('serving the single-page app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/welcome',
    '/project/12/report',
    '/reset_password/some-token',
    '/api/auth/confirmation?confirmation_token=abc',
  ])('GET %s answers index.html', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves an asset to HEAD with its headers and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('14');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('');
  });

  it.each([
    '/assets/missing-9z9z9z.js',
    '/assets/',
    '/assets/%2e%2e/index.html',
    '/assets/.hidden',
    '/assets//app-1a2b3c.js',
    '/assets/app-1a2b3c.js//',
  ])('answers index.html for %s, which names no asset', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('keeps JSON 404s for unknown /api paths and non-GET methods', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'POST', url: '/welcome' })).statusCode).toBe(404);
  });
});
