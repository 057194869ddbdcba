import type { LightMyRequestResponse } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../helpers/multipart.js';
import { pngBytes, setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { apiAs } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** Issue 7, part 8: the headers of every kind of answer. The fuzzer checks them on every response too. */
function expectBaseHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

function expectNotStored(response: LightMyRequestResponse): void {
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.headers['cache-control']).toBe('no-store');
}

describe.skipIf(!isDatabaseAvailable)('security headers on every kind of answer', () => {
  let c: BoardProject;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    const t = await buildTestApp({
      env: { WEB_DIST_DIR: webDir },
      beforeReady: (app) => {
        app.get('/api/test/boom', { config: { permission: 'public' } }, async () => {
          throw new Error('secret internal detail at /work/main/src/x.ts:1:2');
        });
      },
    });
    c = await setUpBoardProject(t);
  });
  afterAll(async () => {
    await c?.t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('marks authenticated JSON no-store', async () => {
    const response = await c.owner('GET', '/api/projects');
    expect(response.statusCode).toBe(200);
    expectBaseHeaders(response);
    expectNotStored(response);
  });

  it('marks public JSON no-store as well', async () => {
    const response = await c.t.app.inject({ method: 'GET', url: '/api/config' });
    expectBaseHeaders(response);
    expectNotStored(response);
  });

  it.each([
    ['401', () => c.t.app.inject({ method: 'GET', url: '/api/projects' }), 401],
    ['404', () => c.owner('GET', '/api/tasks/999999'), 404],
    ['422', () => c.owner('POST', '/api/projects', { name: '' }), 422],
    ['404 from the router', () => c.owner('GET', '/api/tasks/%zz'), 404],
  ])('marks a %s error no-store', async (_, call, status) => {
    const response = await call();
    expect(response.statusCode).toBe(status);
    expectBaseHeaders(response);
    expectNotStored(response);
  });

  it('marks a 500 no-store and sends no detail', async () => {
    const response = await c.owner('GET', '/api/test/boom');
    expect(response.statusCode).toBe(500);
    expectBaseHeaders(response);
    expectNotStored(response);
    expect(response.body).not.toMatch(/secret|\/work\/|at /);
  });

  it('lets the browser keep the board privately and revalidate it by ETag (200 then 304)', async () => {
    const first = await c.owner('GET', `/api/boards/${c.f.boardId}`);
    expect(first.statusCode).toBe(200);
    expectBaseHeaders(first);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const cached = apiAs(c.t.app, c.ownerHeaders, { 'if-none-match': String(first.headers.etag) });
    const second = await cached('GET', `/api/boards/${c.f.boardId}`);
    expect(second.statusCode).toBe(304);
    expectBaseHeaders(second);
    expect(second.headers['cache-control']).toBe('private, no-cache');
  });

  it('serves the single-page app and its assets with the headers', async () => {
    const page = await c.t.app.inject({ method: 'GET', url: '/project/1/board' });
    expect(page.headers['content-type']).toContain('text/html');
    expectBaseHeaders(page);
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await c.t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expectBaseHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves attachment downloads sandboxed and unframeable', async () => {
    const list = await c.owner('GET', `/api/tasks/${c.f.taskId}/attachments`);
    const url = new URL(list.json().data[0].url as string, 'http://localhost');
    const download = await c.t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expectBaseHeaders(download);
    expect(download.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
  });

  it('serves avatars with the headers', async () => {
    const body = multipartFile('file', 'me.png', 'image/png', await pngBytes());
    const uploaded = await c.t.app.inject({
      method: 'POST',
      url: '/api/users/image',
      headers: { ...c.ownerHeaders, ...body.headers },
      payload: body.payload,
    });
    const avatar = await c.t.app.inject({ method: 'GET', url: uploaded.json().data.image as string });
    expect(avatar.statusCode).toBe(200);
    expectBaseHeaders(avatar);
  });

  it('sends no HSTS outside production', async () => {
    const response = await c.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.skipIf(!isDatabaseAvailable)('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t?.close());

  it.each(['/api/health', '/api/projects', '/api/tasks/%zz'])('sends HSTS on %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
