import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '../../src/job-queue/mail-job.js';
import { CLEANUP_EVERY_MS, CLEANUP_JOB } from '../../src/features/jobs/cleanup.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, signIn } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const HOUR_MS = 60 * 60_000;
let apps: TestApp[] = [];

afterEach(async () => {
  // A second instance shares the first one's database: it closes first (test-app.ts).
  for (const app of apps.reverse()) await app.close();
  apps = [];
});

async function testApp(options: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  const t = await buildTestApp(options);
  apps.push(t);
  return t;
}

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/forgot', payload: { email } });

/** A loopback SMTP server that refuses the first `refusals` messages with a temporary error. */
async function flakySmtp(refusals: number) {
  const accepted: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        if (refused < refusals) {
          refused += 1;
          const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        accepted.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!isDatabaseAvailable)('background jobs', () => {
  describe('mail out of the request path', () => {
    it('answers before any mail is sent; the worker sends it, sealed in the queue meanwhile', async () => {
      const t = await testApp({ sendMailBeforeAnswering: false });
      await createUser(t.db, { email: 'ana@uni.example' });
      expect((await forgot(t, 'ana@uni.example')).statusCode).toBe(202);
      expect(t.mail.messages).toEqual([]);
      const [job] = await t.db.selectFrom('jobs').selectAll().where('kind', '=', MAIL_JOB).execute();
      expect(job?.state).toBe('queued');
      // The reset link is a credential: neither it nor the address is readable in the table.
      expect(job?.payload).toMatch(/^v1\./);
      expect(job?.payload).not.toContain('reset_password');
      expect(job?.payload).not.toContain('ana@uni.example');

      expect(await t.app.jobs.drain({ kinds: [MAIL_JOB] })).toBe(1);
      expect(t.mail.to('ana@uni.example')).toHaveLength(1);
      expect(t.mail.lastTo('ana@uni.example').links[0]).toContain('/reset_password/');
      expect(await t.db.selectFrom('jobs').select('id').where('kind', '=', MAIL_JOB).execute()).toEqual([]);
    });

    it('queues one job per mail: two mails to one address are two jobs', async () => {
      const t = await testApp({ sendMailBeforeAnswering: false });
      await createUser(t.db, { email: 'ana@uni.example' });
      await forgot(t, 'ana@uni.example');
      await forgot(t, 'ana@uni.example');
      expect(await t.db.selectFrom('jobs').select('key').where('kind', '=', MAIL_JOB).execute()).toHaveLength(
        2,
      );
      expect(await t.app.jobs.drain()).toBe(2);
      expect(t.mail.to('ana@uni.example')).toHaveLength(2);
    });

    it('retries a mail the SMTP server refused, after the back-off', async () => {
      const smtp = await flakySmtp(1);
      try {
        const t = await testApp({
          env: { SMTP_URL: smtp.url },
          useConfiguredMailer: true,
          sendMailBeforeAnswering: false,
        });
        await createUser(t.db, { email: 'ana@uni.example' });
        expect((await forgot(t, 'ana@uni.example')).statusCode).toBe(202);

        expect(await t.app.jobs.drain()).toBe(1);
        const failed = await t.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
        expect(failed).toMatchObject({ kind: MAIL_JOB, state: 'queued', attempts: 1 });
        expect(failed.last_error).toContain('451');
        expect(smtp.accepted).toEqual([]);

        // Not due before its back-off (30 s after the first attempt).
        expect(await t.app.jobs.drain()).toBe(0);
        t.clock.advance(30_000);
        expect(await t.app.jobs.drain()).toBe(1);
        expect(smtp.accepted).toEqual(['ana@uni.example']);
        expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
      } finally {
        await smtp.close();
      }
    });
  });

  describe('claiming', () => {
    it('runs each job exactly once under concurrent drains on two instances of one database', async () => {
      const a = await testApp();
      const b = await testApp({ sharedDatabase: a.database });
      const calls = new Map<string, number>();
      const count = async (key: string) => {
        // Yield between claim and finish, so that the other drains really interleave.
        await new Promise((resolve) => setImmediate(resolve));
        calls.set(key, (calls.get(key) ?? 0) + 1);
      };
      a.app.jobs.handle('count', count);
      b.app.jobs.handle('count', count);
      const keys = Array.from({ length: 40 }, (_, i) => `job-${i}`);
      for (const key of keys) await a.app.jobs.enqueue('count', key);

      const drains = [a, b, a, b, a, b].map((t) => t.app.jobs.drain({ kinds: ['count'] }));
      const ran = await Promise.all(drains);

      expect(ran.reduce((sum, n) => sum + n, 0)).toBe(keys.length);
      expect([...calls.keys()].sort()).toEqual([...keys].sort());
      expect([...calls.values()].every((n) => n === 1)).toBe(true);
      expect(await a.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    });

    it('takes a running job again once its lease has run out (its instance died)', async () => {
      const t = await testApp();
      const keys: string[] = [];
      t.app.jobs.handle('count', async (key) => void keys.push(key));
      await t.app.jobs.enqueue('count', 'orphan');
      const lease = new Date(t.clock.now().getTime() + 60_000).toISOString();
      await t.db.updateTable('jobs').set({ state: 'running', attempts: 1, locked_until: lease }).execute();
      expect(await t.app.jobs.drain()).toBe(0);
      t.clock.advance(61_000);
      expect(await t.app.jobs.drain()).toBe(1);
      expect(keys).toEqual(['orphan']);
    });
  });

  describe('cleanup', () => {
    it('deletes expired sessions, tokens and handoffs, and old orphaned files, every hour', async () => {
      const t = await testApp();
      // The files' age is real time (their mtime), the cutoff the test clock's: both start at "now".
      t.clock.advance(Date.now() - t.clock.now().getTime());
      const user = await createUser(t.db, { email: 'ana@uni.example' });
      const now = t.clock.now();
      const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
      const tokenRow = (hash: string, expiresAt: string) => ({
        user_id: user.id,
        purpose: 'reset' as const,
        token_hash: hash,
        expires_at: expiresAt,
        created_at: at(-2 * HOUR_MS),
      });
      await t.db
        .insertInto('user_tokens')
        .values([tokenRow('expired-hash', at(-HOUR_MS)), tokenRow('live-hash', at(HOUR_MS))])
        .execute();
      await t.db.updateTable('users').set({ image_key: 'kept.webp' }).where('id', '=', user.id).execute();
      const files = path.join(t.dataDir, 'files');
      const file = (key: string, ageMs: number) => {
        const full = path.join(files, key);
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, 'bytes');
        const when = (t.clock.now().getTime() - ageMs) / 1000;
        utimesSync(full, when, when);
        return full;
      };
      const orphan = file('attachments/orphan.bin', 2 * HOUR_MS);
      const avatar = file('avatars/kept.webp', 2 * HOUR_MS);

      await t.app.jobs.planSchedules(true);
      const job = await t.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', CLEANUP_JOB)
        .executeTakeFirstOrThrow();
      expect(new Date(job.run_after).getTime() % CLEANUP_EVERY_MS).toBe(0);
      expect(await t.app.jobs.drain({ kinds: [CLEANUP_JOB] })).toBe(0);
      t.clock.advance(CLEANUP_EVERY_MS);
      // Written a minute ago: perhaps an upload whose attachment row is on its way.
      const young = file('attachments/young.bin', 60_000);
      expect(await t.app.jobs.drain({ kinds: [CLEANUP_JOB] })).toBe(1);

      const hashes = await t.db.selectFrom('user_tokens').select('token_hash').execute();
      expect(hashes.map((row) => row.token_hash)).toEqual(['live-hash']);
      expect([existsSync(orphan), existsSync(young), existsSync(avatar)]).toEqual([false, true, true]);
    });
  });

  describe('admin view', () => {
    /** A job that gave up (a kind with no handler: the mail drained before each answer leaves it alone). */
    async function withFailedJob(t: TestApp) {
      const now = t.clock.now().toISOString();
      return t.db
        .insertInto('jobs')
        .values({
          kind: 'report',
          key: 'report:abc',
          state: 'failed',
          attempts: 8,
          run_after: now,
          last_error: 'connection refused',
          payload: 'v1.sealed.secret.payload',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }

    it('shows counts and failed jobs (never a payload) to admins, and retries a failed job', async () => {
      const t = await testApp();
      await createUser(t.db, { email: 'root@uni.example' });
      await t.db
        .updateTable('users')
        .set({ account_type: 'admin' })
        .where('email', '=', 'root@uni.example')
        .execute();
      await createUser(t.db, { email: 'ana@uni.example' });
      const admin = await signIn(t.app, 'root@uni.example');
      const user = await signIn(t.app, 'ana@uni.example');
      const { id } = await withFailedJob(t);

      const overview = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: admin });
      expect(overview.statusCode).toBe(200);
      expect(overview.body).not.toContain('sealed');
      expect(overview.json().data).toEqual({
        counts: [{ kind: 'report', state: 'failed', count: 1 }],
        failed: [
          {
            id,
            kind: 'report',
            key: 'abc',
            attempts: 8,
            last_error: 'connection refused',
            run_after: t.clock.now().toISOString(),
            updated_at: t.clock.now().toISOString(),
          },
        ],
      });
      const url = `/api/admin/jobs/${id}/retry`;
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: user })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'POST', url, headers: user })).statusCode).toBe(403);

      const retried = await t.app.inject({ method: 'POST', url, headers: admin });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ data: { id, state: 'queued' } });
      expect(await t.db.selectFrom('jobs').select(['state', 'attempts']).execute()).toEqual([
        { state: 'queued', attempts: 0 },
      ]);
      // Only a failed job is retried.
      expect((await t.app.inject({ method: 'POST', url, headers: admin })).statusCode).toBe(404);
    });
  });
});
