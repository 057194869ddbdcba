import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MAILS_PER_RECIPIENT_AND_IP,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP,
  SIGN_IN_FAILURES_PER_IP,
} from '../../src/features/auth/auth.limits.js';
import { connectRedisThrottle, type SharedThrottle } from '../../src/lib/redis-throttle.js';
import { ThrottleUnavailableError } from '../../src/lib/throttle.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, PASSWORD, signIn } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 22: with REDIS_URL every throttle, quota and lock-out counts in Redis, so two instances of
 * one deployment enforce each limit at the count one instance does (docs/security.md, Shared limits).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// A prefix of this run's own: concurrent runs on one Redis never share a count.
const PREFIX = `teamboard_limits_${randomBytes(5).toString('hex')}`;
const QUESTIONS_PER_MINUTE = 2;

async function isRedisAvailable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    const reason = `Redis (${REDIS_URL}) is needed (${(error as Error).message})`;
    if (process.env.CI) throw new Error(`shared limits test on CI: ${reason}`, { cause: error });
    console.warn(`\n⚠️  SKIPPING the shared limits test: ${reason}.\n`);
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key this run wrote (the known-address counts would otherwise live 30 days). */
async function deleteKeysOfRun(): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Makes the requests one after the other (each sees the counts of the ones before it). */
const statusesOf = async (requests: (() => Promise<{ statusCode: number }>)[]) => {
  const statuses: number[] = [];
  for (const request of requests) statuses.push((await request()).statusCode);
  return statuses;
};

describe.runIf(isDatabaseAvailable && (await isRedisAvailable()))('shared limits (Redis)', () => {
  afterAll(deleteKeysOfRun);

  describe('the Redis throttle', () => {
    let shared: SharedThrottle;
    beforeAll(async () => {
      shared = await connectRedisThrottle(REDIS_URL, `${PREFIX}_unit`);
    });
    afterAll(() => shared?.close());

    it('counts per key, answers whether a hit is within its limit, and resets', async () => {
      const { throttle } = shared;
      const hits = [];
      for (let i = 0; i < 3; i++) hits.push(await throttle.hit('k', 2, 60_000));
      expect(hits).toEqual([true, true, false]);
      expect(await throttle.count('k')).toBe(3);
      expect(await throttle.isExhausted('k', 3)).toBe(true);
      expect(await throttle.isExhausted('k', 4)).toBe(false);
      expect(await throttle.count('other')).toBe(0);
      expect(await throttle.add('k', 60_000)).toBe(4);
      await throttle.reset('k');
      expect(await throttle.count('k')).toBe(0);
      expect(await throttle.hit('k', 2, 60_000)).toBe(true);
    });

    it('keeps its counts under the prefix it was given', async () => {
      await shared.throttle.add('prefixed', 60_000);
      const other = await connectRedisThrottle(REDIS_URL, `${PREFIX}_other`);
      try {
        expect(await other.throttle.count('prefixed')).toBe(0);
        const redis = new Redis(REDIS_URL);
        expect(await redis.get(`${PREFIX}_unit:limits:prefixed`)).toBe('1');
        redis.disconnect();
      } finally {
        await other.close();
      }
    });

    it('ends a window when its expiry passes in Redis', async () => {
      const { throttle } = shared;
      expect(await throttle.hit('short', 1, 1000)).toBe(true);
      expect(await throttle.hit('short', 1, 1000)).toBe(false);
      await vi.waitFor(async () => expect(await throttle.count('short')).toBe(0), {
        timeout: 5000,
        interval: 100,
      });
      expect(await throttle.hit('short', 1, 1000)).toBe(true);
    });

    it('counts against several limits together, or against none when one is used up', async () => {
      const { throttle } = shared;
      const both = [
        { key: 'sender', limit: 1, windowMs: 60_000 },
        { key: 'recipient', limit: 2, windowMs: 60_000 },
      ];
      expect(await throttle.hitAll(both)).toBe(true);
      expect(await throttle.hitAll(both)).toBe(false);
      expect([await throttle.count('sender'), await throttle.count('recipient')]).toEqual([1, 1]);
    });

    it('never admits more than the limit when two instances race for the last places', async () => {
      const second = await connectRedisThrottle(REDIS_URL, `${PREFIX}_unit`);
      try {
        const limits = [{ key: 'race', limit: 5, windowMs: 60_000 }];
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? second : shared).throttle.hitAll(limits)),
        );
        // Each increment is atomic: the first five see 1…5, every later one sees 6 and takes it back.
        expect(answers.filter(Boolean)).toHaveLength(5);
        expect(await shared.throttle.count('race')).toBe(5);
      } finally {
        await second.close();
      }
    });

    it('fails with ThrottleUnavailableError when Redis cannot be reached', async () => {
      const gone = await connectRedisThrottle(REDIS_URL, `${PREFIX}_gone`);
      await gone.close();
      await expect(gone.throttle.hit('k', 1, 60_000)).rejects.toBeInstanceOf(ThrottleUnavailableError);
      await expect(gone.throttle.count('k')).rejects.toBeInstanceOf(ThrottleUnavailableError);
    });
  });

  describe('two instances of one deployment', () => {
    let a: TestApp;
    let b: TestApp;
    let single: TestApp;
    const env = {
      REDIS_URL,
      REDIS_CHANNEL_PREFIX: `${PREFIX}_apps`,
      ASSISTANT_QUESTIONS_PER_MINUTE: String(QUESTIONS_PER_MINUTE),
    };

    beforeAll(async () => {
      a = await buildTestApp({ env });
      b = await buildTestApp({ env, sharedDatabase: a.database });
      // The reference: one instance counting in its own memory.
      single = await buildTestApp({ env: { ASSISTANT_QUESTIONS_PER_MINUTE: String(QUESTIONS_PER_MINUTE) } });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await single?.close();
    });

    const signInOn = (t: TestApp, ip: string, email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        remoteAddress: ip,
        payload: { email, password },
      });
    const forgotOn = (t: TestApp, ip: string, email: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/forgot', remoteAddress: ip, payload: { email } });
    /** Instance a for even attempts, b for odd ones (or the single instance every time). */
    const alternate = (apps: TestApp[]) => (attempt: number) => apps[attempt % apps.length]!;

    it('locks an account and address pair out at the same failure, attempts alternating', async () => {
      const ip = '203.0.113.40';
      const run = async (apps: TestApp[], email: string) => {
        await createUser(apps[0]!.db, { email });
        const on = alternate(apps);
        return statusesOf(
          Array.from(
            { length: SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP + 3 },
            (_, i) => () => signInOn(on(i), ip, email, `guess ${i}`),
          ),
        );
      };
      const expected = [
        ...Array<number>(SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP).fill(401),
        ...Array<number>(3).fill(429),
      ];
      expect(await run([single], 'pair@uni.example')).toEqual(expected);
      expect(await run([a, b], 'pair@uni.example')).toEqual(expected);
      // Locked on both: the right password is refused without being checked, on either instance.
      expect((await signInOn(a, ip, 'pair@uni.example', PASSWORD)).statusCode).toBe(429);
      expect((await signInOn(b, ip, 'pair@uni.example', PASSWORD)).statusCode).toBe(429);
    });

    it('checks only as many passwords as the pair limit allows when the guesses arrive at once on both', async () => {
      const ip = '203.0.113.42';
      const guesses = 4 * SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP;
      const run = async (apps: TestApp[], email: string) => {
        await createUser(apps[0]!.db, { email });
        const on = alternate(apps);
        const responses = await Promise.all(
          Array.from({ length: guesses }, (_, i) => signInOn(on(i), ip, email, `guess ${i}`)),
        );
        return responses.map((response) => response.statusCode).sort();
      };
      const expected = [
        ...Array<number>(SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP).fill(401),
        ...Array<number>(guesses - SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP).fill(429),
      ];
      expect(await run([single], 'burst@uni.example')).toEqual(expected);
      expect(await run([a, b], 'burst@uni.example')).toEqual(expected);
    });

    it('locks an account out for new addresses at the same failure, from addresses and instances alternating', async () => {
      const run = async (apps: TestApp[], email: string) => {
        await createUser(apps[0]!.db, { email });
        const on = alternate(apps);
        return statusesOf(
          Array.from(
            { length: SIGN_IN_FAILURES_PER_ACCOUNT + 2 },
            (_, i) => () => signInOn(on(i), `198.51.100.${i + 1}`, email, `guess ${i}`),
          ),
        );
      };
      const expected = [...Array<number>(SIGN_IN_FAILURES_PER_ACCOUNT).fill(401), 429, 429];
      expect(await run([single], 'account@uni.example')).toEqual(expected);
      expect(await run([a, b], 'account@uni.example')).toEqual(expected);
    });

    it('slows a busy address on both instances but checks a classmate’s password after two typos', async () => {
      const ip = '203.0.113.43';
      await createUser(a.db, { email: 'classmate@uni.example' });
      await createUser(a.db, { email: 'sprayed@uni.example' });
      const on = alternate([a, b]);
      // 100 failures at made-up accounts, sent at once to both instances: the address is busy.
      const guesses = await Promise.all(
        Array.from({ length: SIGN_IN_FAILURES_PER_IP }, (_, i) =>
          signInOn(on(i), ip, `made-up-${i}@uni.example`, 'guess'),
        ),
      );
      expect(new Set(guesses.map((response) => response.statusCode))).toEqual(new Set([401]));
      const tries = (email: string, passwords: string[]) =>
        statusesOf(passwords.map((password, i) => () => signInOn(on(i), ip, email, password)));
      expect(await tries('classmate@uni.example', ['typo', 'typo again', PASSWORD])).toEqual([401, 401, 200]);
      expect(await tries('sprayed@uni.example', ['one', 'two', 'three', PASSWORD])).toEqual([
        401, 401, 401, 429,
      ]);
      // Both instances made the attempts over the 100 wait, on their own clocks.
      expect(a.clock.waits.length + b.clock.waits.length).toBe(6);
      expect(a.clock.waits.length).toBeGreaterThan(0);
      expect(b.clock.waits.length).toBeGreaterThan(0);
    });

    it('caps reset mails to one address from one IP at the same count, requests alternating', async () => {
      const ip = '203.0.113.41';
      const requests = ACCOUNT_MAILS_PER_RECIPIENT_AND_IP + 3;
      const run = async (apps: TestApp[], email: string) => {
        await createUser(apps[0]!.db, { email });
        const on = alternate(apps);
        const statuses = await statusesOf(
          Array.from({ length: requests }, (_, i) => () => forgotOn(on(i), ip, email)),
        );
        expect(new Set(statuses)).toEqual(new Set([202]));
        return apps.reduce((sent, t) => sent + t.mail.to(email).length, 0);
      };
      expect(await run([single], 'reset@uni.example')).toBe(ACCOUNT_MAILS_PER_RECIPIENT_AND_IP);
      expect(await run([a, b], 'reset@uni.example')).toBe(ACCOUNT_MAILS_PER_RECIPIENT_AND_IP);
      // Each instance sent some of them: the cap was shared, not reached on one alone.
      expect(a.mail.to('reset@uni.example').length).toBeGreaterThan(0);
      expect(b.mail.to('reset@uni.example').length).toBeGreaterThan(0);
    });

    it('refuses the assistant question over the per-minute limit at the same count, instances alternating', async () => {
      const run = async (apps: TestApp[], email: string) => {
        await createUser(apps[0]!.db, { email });
        const headers = await signIn(apps[0]!.app, email);
        const conversation = await apps[0]!.app.inject({
          method: 'POST',
          url: '/api/assistant/conversations',
          headers,
          payload: {},
        });
        const id = conversation.json().id as number;
        const on = alternate(apps);
        return statusesOf(
          Array.from(
            { length: QUESTIONS_PER_MINUTE + 2 },
            (_, i) => () =>
              on(i).app.inject({
                method: 'POST',
                url: `/api/assistant/conversations/${id}/responses`,
                headers,
                payload: { prompt: 'How do we plan a sprint?' },
              }),
          ),
        );
      };
      const expected = [...Array<number>(QUESTIONS_PER_MINUTE).fill(200), 429, 429];
      expect(await run([single], 'asker@uni.example')).toEqual(expected);
      expect(await run([a, b], 'asker@uni.example')).toEqual(expected);
    });
  });

  describe('with Redis unreachable', () => {
    let t: TestApp;
    beforeAll(async () => {
      const gone = await connectRedisThrottle(REDIS_URL, `${PREFIX}_down`);
      await gone.close();
      t = await buildTestApp({ throttle: gone.throttle });
      await createUser(t.db, { email: 'owner@uni.example' });
    });
    afterAll(() => t?.close());

    it('refuses sign-in with 503 (fails closed), even with the right password', async () => {
      for (const password of ['a guess', PASSWORD]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign_in',
          payload: { email: 'owner@uni.example', password },
        });
        expect(response.statusCode).toBe(503);
        expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
      }
    });

    it('sends no account mail but keeps the neutral answer (fails closed, quietly)', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/forgot',
        payload: { email: 'owner@uni.example' },
      });
      expect(response.statusCode).toBe(202);
      expect(t.mail.to('owner@uni.example')).toHaveLength(0);
    });
  });
});
