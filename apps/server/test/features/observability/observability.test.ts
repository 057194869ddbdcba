import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { connectSocket, listenOnLoopback, type TestSocket } from '../../helpers/sockets.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The value of one sample line (`name{labels} value`) of a Prometheus text, or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the METRICS_* variables', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-metrics-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('expose nothing by default, and refuse a short token', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toEqual({ token: null, listener: null });
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '9464' }).metrics).toEqual({
      token: null,
      listener: { host: '127.0.0.1', port: 9464 },
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe.skipIf(!isDatabaseAvailable)('/metrics and health without METRICS_TOKEN or METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No mail is sent here; the mail-draining hook would itself fail once the database is gone.
    t = await buildTestApp({ sendMailBeforeAnswering: false });
  });
  afterAll(async () => t?.close());

  it('does not expose /metrics, with or without a token', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(t.app.metricsListenerUrl()).toBeNull();
  });

  it('answers liveness without asking anything', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready with the database and storage answering, Redis not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'not_configured', storage: 'ok' },
    });
  });

  it('is not ready when the storage folder cannot be written, and says so', async () => {
    const filesDir = path.join(t.dataDir, 'files');
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, 'not a folder');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        checks: { database: 'ok', redis: 'not_configured', storage: 'failed' },
      });
      expect(response.json().errors).toHaveLength(1);
    } finally {
      rmSync(filesDir, { force: true });
    }
  });

  it('is not ready when the database does not answer, while liveness still is', async () => {
    await t.db.destroy();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', checks: { database: 'failed' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe.skipIf(!isDatabaseAvailable)('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let baseUrl: string;
  let socket: TestSocket | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterEach(() => socket?.socket.close());
  afterAll(async () => t?.close());

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });

  it('refuses a missing or wrong token with 401', async () => {
    for (const headers of [{}, bearer('metrics-token-0123456789abcdeX'), { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers the Prometheus text to the token holder', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('# TYPE teamboard_http_request_duration_seconds histogram');
  });

  it('labels requests by route pattern, never by URL, and unmatched ones under one label', async () => {
    const user = await createUser(t.db, { email: 'observer@uni.example' });
    const headers = await signIn(t.app, 'observer@uni.example');
    for (const id of [user.id + 1000, user.id + 2000]) {
      await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers });
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
    const text = (await scrape()).body;
    expect(text).not.toContain('/12345');
    expect(text).not.toContain(`/api/projects/${user.id + 1000}`);
    // Two unknown projects: 404 from a matched route, counted under its pattern.
    expect(
      sample(
        text,
        'teamboard_http_request_duration_seconds_count',
        '{method="GET",route="/api/projects/:id",status_code="404"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'teamboard_http_request_duration_seconds_count',
        '{method="GET",route="not_found",status_code="404"}',
      ),
    ).toBe(1);
  });

  it('reports the process: heap and event-loop lag', async () => {
    const text = (await scrape()).body;
    expect(sample(text, 'teamboard_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'teamboard_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE teamboard_nodejs_eventloop_lag_seconds gauge');
  });

  it('reports the database pool', async () => {
    const text = (await scrape()).body;
    const total = sample(text, 'teamboard_db_pool_connections', '{state="total"}');
    if (t.config.database.dialect === 'sqlite') {
      expect(total).toBe(1);
    } else {
      // At least the connection answering this scrape's job count has been opened.
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'teamboard_db_pool_connections', '{state="idle"}')).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'teamboard_db_pool_waiting_queries')).toBe(0);
  });

  it('counts the sockets connected to this instance', async () => {
    expect(sample((await scrape()).body, 'teamboard_socket_connections')).toBe(0);
    await createUser(t.db, { email: 'socket@uni.example' });
    socket = await connectSocket(baseUrl, await signIn(t.app, 'socket@uni.example'));
    expect(sample((await scrape()).body, 'teamboard_socket_connections')).toBe(1);
  });

  it('reports the job queue depth by state and kind', async () => {
    const now = '2026-11-22T10:00:00.000Z';
    const job = (key: string, state: 'queued' | 'failed') => ({
      kind: 'observability-test',
      key: `observability-test:${key}`,
      state,
      run_after: now,
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto('jobs')
      .values([job('a', 'queued'), job('b', 'queued'), job('c', 'failed')])
      .execute();
    const text = (await scrape()).body;
    expect(sample(text, 'teamboard_jobs', '{state="queued",kind="observability-test"}')).toBe(2);
    expect(sample(text, 'teamboard_jobs', '{state="failed",kind="observability-test"}')).toBe(1);
  });
});

describe.skipIf(!isDatabaseAvailable)('/metrics on an internal listener (METRICS_PORT)', () => {
  let t: TestApp;
  let listenerUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_HOST: '127.0.0.1', METRICS_PORT: '0' } });
    listenerUrl = t.app.metricsListenerUrl()!;
  });
  afterAll(async () => t?.close());

  it('serves /metrics there, and nothing else', async () => {
    expect(listenerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const response = await fetch(`${listenerUrl}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(
      sample(
        text,
        'teamboard_http_request_duration_seconds_count',
        '{method="GET",route="/api/health/live",status_code="200"}',
      ),
    ).toBe(1);
    expect((await fetch(`${listenerUrl}/api/health`)).status).toBe(404);
  });

  it('keeps /metrics off the public port without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });

  it('closes the listener with the app', async () => {
    const other = await buildTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    const url = other.app.metricsListenerUrl()!;
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: bearer(TOKEN) })).status).toBe(200);
    await other.close();
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });
});

/** A TCP relay to Redis that the test can cut, as if Redis went away after the start. */
async function startRelay(target: URL): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

async function isRedisAvailable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    if (process.env.CI) throw new Error(`Redis at ${REDIS_URL} is needed on CI`);
    console.warn(`\n⚠️  SKIPPING the Redis readiness tests: Redis at ${REDIS_URL} is not reachable.\n`);
    return false;
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(!isDatabaseAvailable || !(await isRedisAvailable()))('readiness with REDIS_URL', () => {
  it('pings Redis, and answers 503 naming Redis once it no longer answers', async () => {
    const relay = await startRelay(new URL(REDIS_URL));
    const t = await buildTestApp({
      env: { REDIS_URL: relay.url, REDIS_CHANNEL_PREFIX: `observability-${process.pid}` },
    });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });
      await relay.cut();
      const failed = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        checks: { database: 'ok', redis: 'failed', storage: 'ok' },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      // Closes although Redis is gone: the connections stop retrying (a hang fails the test's timeout).
      await t.close();
    }
  });

  it('refuses to start when REDIS_URL points at a closed port (no instance runs without its rooms)', async () => {
    await expect(buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow();
  });
});
