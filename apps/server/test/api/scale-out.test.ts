import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP } from '../../src/features/auth/auth.limits.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { pngBytes } from '../helpers/boards.js';
import { adminQuery, POSTGRES_URL, TEST_DIALECT } from '../helpers/database.js';
import { createUser, PASSWORD, type TokenHeaders } from '../helpers/factories.js';
import { ServerProcess } from '../helpers/server-process.js';
import { startRoundRobinProxy } from '../helpers/round-robin-proxy.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { connectSocket } from '../helpers/sockets.js';

/**
 * The scale-out topology of docs/deploying.md with processes instead of containers (issue 22): two
 * real server processes over one PostgreSQL, one Redis, one S3-protocol store (s3rver on loopback)
 * and one SMTP server. It runs in the PostgreSQL pass of the suite only: the topology is PostgreSQL's.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'scale-out-metrics-token-0123456789';
const BUCKET = 'teamboard-files';

async function servicesAvailable(): Promise<boolean> {
  if (TEST_DIALECT !== 'postgres') return false;
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    const reason = `PostgreSQL (${POSTGRES_URL}) and Redis (${REDIS_URL}) are needed (${(error as Error).message})`;
    if (process.env.CI) throw new Error(`scale-out test on CI: ${reason}`, { cause: error });
    console.warn(`\n⚠️  SKIPPING the scale-out test: ${reason}.\n`);
    return false;
  } finally {
    await client.end().catch(() => {});
    redis.disconnect();
  }
}

describe.runIf(await servicesAvailable())(
  'two instances over PostgreSQL, Redis and an S3 store (scale-out)',
  () => {
    const databaseName = `teamboard_so_${randomBytes(5).toString('hex')}`;
    const databaseUrl = POSTGRES_URL.replace(/\/[^/]*$/, `/${databaseName}`);
    let s3: S3TestServer;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let a: ServerProcess;
    let b: ServerProcess;
    let db: Db;
    let owner: TokenHeaders;

    beforeAll(async () => {
      s3 = await startS3Server([BUCKET]);
      smtp = await startSmtpServer();
      await adminQuery(`create database ${databaseName}`);
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_CHANNEL_PREFIX: databaseName,
        SECRET_KEY: 'scale-out-secret-key-0123456789abcdef',
        SMTP_URL: smtp.url,
        ...s3.env(BUCKET),
        // The store is on loopback, which outgoing calls may not reach unless allowed.
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        METRICS_TOKEN,
        JOBS_POLL_MS: '200',
      };
      // One after the other: the first one migrates the database.
      a = await ServerProcess.start(env);
      b = await ServerProcess.start(env);
      db = createDatabase({ dialect: 'postgres', url: databaseUrl }).db;
      await createUser(db, { email: 'owner@uni.example', name: 'Olga Owner' });
      owner = await a.signIn('owner@uni.example', PASSWORD);
    }, 90_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.destroy();
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
      await smtp?.close();
      await s3?.close();
    });

    it('answers readiness (database, Redis, storage) and /metrics on both instances', async () => {
      for (const server of [a, b]) {
        const ready = await fetch(`${server.baseUrl}/api/health/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({ status: 'ok' });
        expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
        const metrics = await fetch(`${server.baseUrl}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(metrics.status).toBe(200);
        expect(await metrics.text()).toContain('teamboard_http_request_duration_seconds');
      }
    });

    it('serves through one instance a file uploaded through the other, kept in the bucket only', async () => {
      const project = (await a.call(owner, 'POST', '/api/projects', { name: 'Shared files' })).json.data!;
      const board = (await a.call(owner, 'POST', `/api/projects/${project.id}/boards`, { name: 'B' })).json
        .data!;
      const column = (await a.call(owner, 'POST', `/api/boards/${board.id}/columns`, { name: 'To do' })).json
        .data!;
      const task = (await a.call(owner, 'POST', `/api/columns/${column.id}/tasks`, { title: 'T' })).json
        .data!;
      const bytes = await pngBytes(300, 200);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
      const uploaded = await fetch(`${a.baseUrl}/api/tasks/${task.id}/attachments`, {
        method: 'POST',
        headers: owner,
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const attachment = ((await uploaded.json()) as { data: { url: string } }).data;

      const download = await fetch(new URL(attachment.url, b.baseUrl));
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="photo.png"/);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
      for (const server of [a, b]) {
        const files = path.join(server.dataDir, 'files');
        expect(existsSync(files) ? readdirSync(files, { recursive: true }) : []).toEqual([]);
      }
      expect(await s3.keys(BUCKET)).toHaveLength(2); // the file and its thumbnail
    });

    it('works behind a balancer with no stickiness: every request and socket to the next instance', async () => {
      const proxy = await startRoundRobinProxy([a.baseUrl, b.baseUrl]);
      const sockets = [];
      try {
        const call = async (method: string, url: string, body?: object) => {
          const response = await fetch(proxy.url + url, {
            method,
            headers: { ...owner, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          expect(response.status, `${method} ${url}`).toBeLessThan(300);
          return ((await response.json()) as { data: { id: number } }).data;
        };
        const project = await call('POST', '/api/projects', { name: 'Balanced' });
        const board = await call('POST', `/api/projects/${project.id}/boards`, { name: 'B' });
        const column = await call('POST', `/api/boards/${board.id}/columns`, { name: 'To do' });
        for (let i = 0; i < 2; i += 1) sockets.push(await connectSocket(proxy.url, owner));
        for (const socket of sockets) expect(await socket.join(board.id)).toMatchObject({ ok: true });
        const task = await call('POST', `/api/columns/${column.id}/tasks`, { title: 'Heard everywhere' });
        for (const socket of sockets) {
          await socket.until(
            () => socket.events.some((event) => event.type === 'task.created'),
            `task ${task.id} on a socket behind the balancer`,
          );
        }
        // Both instances answered requests and held one of the sockets.
        expect(new Set(proxy.routed)).toEqual(
          new Set([new URL(a.baseUrl).origin, new URL(b.baseUrl).origin]),
        );
      } finally {
        for (const socket of sockets) socket.close();
        await proxy.close();
      }
    });

    it('counts sign-in failures across both instances: the lock-out comes at the same attempt', async () => {
      await createUser(db, { email: 'target@uni.example' });
      const attempt = (server: ServerProcess, password: string) =>
        fetch(`${server.baseUrl}/api/auth/sign_in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'target@uni.example', password }),
        }).then((response) => response.status);
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP; i += 1) {
        statuses.push(await attempt(i % 2 === 0 ? a : b, 'not-the-password'));
      }
      expect(statuses).toEqual([...Array<number>(SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP).fill(401), 429]);
      // Locked on both, even with the right password.
      expect(await attempt(a, PASSWORD)).toBe(429);
      expect(await attempt(b, PASSWORD)).toBe(429);
    });

    it('sends each queued mail exactly once although both instances run the job worker', async () => {
      const emails = Array.from({ length: 12 }, (_, i) => `reader${i}@uni.example`);
      for (const email of emails) await createUser(db, { email });
      const before = smtp.messages.length;
      for (const [i, email] of emails.entries()) {
        const response = await fetch(`${(i % 2 === 0 ? a : b).baseUrl}/api/users/forgot`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        expect(response.status).toBe(202);
      }
      const sent = () => smtp.messages.slice(before);
      for (let waited = 0; sent().length < emails.length && waited < 20_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Both workers poll every 200 ms: a few more rounds would show any mail sent twice.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(
        sent()
          .flatMap((message) => message.to)
          .sort(),
      ).toEqual([...emails].sort());
      const jobs = await db.selectFrom('jobs').select(['kind', 'state']).execute();
      expect(jobs.filter((job) => job.kind === 'mail')).toEqual([]);
    }, 60_000);
  },
);
