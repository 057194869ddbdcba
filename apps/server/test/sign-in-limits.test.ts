import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP,
  SIGN_IN_WINDOW_MS,
} from '../src/features/auth/auth.limits.js';
import { isDatabaseAvailable } from './helpers/database.js';
import { createUser, PASSWORD } from './helpers/factories.js';
import { tokenFromLink } from './helpers/mailbox.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

// Issue 13, point 3: a classroom behind one NAT signs in; guessing is stopped per account across
// every address; strangers cannot lock the owner out of a known address, and an owner at a new
// address gets in through a password reset. The design is in src/features/auth/auth.limits.ts.

const LAB = '203.0.113.10';
const HOME = '192.0.2.7';
const NEW_PASSWORD = 'a brand new password';

describe.skipIf(!isDatabaseAvailable)('sign-in limits', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const signInFrom = (ip: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      remoteAddress: ip,
      payload: { email, password },
    });
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {});

  /** 100 wrong passwords for one account, round-robin over 20 addresses (5 from each). */
  async function guessFromTwentyAddresses(email: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let address = 1; address <= 20; address++) {
        const response = await signInFrom(`198.51.100.${address}`, email, `guess ${round}-${address}`);
        statuses.push(response.statusCode);
      }
    }
    return statuses;
  }

  it('lets 60 students behind one NAT address sign in within a minute, each after a typo', async () => {
    const students = await Promise.all(
      Array.from({ length: 60 }, (_, i) => createUser(t.db, { email: `lab${i}@uni.example` })),
    );
    const start = t.clock.now().getTime();
    const typos: number[] = [];
    const signIns: number[] = [];
    for (const student of students) {
      typos.push((await signInFrom(LAB, student.email, 'a typo in it')).statusCode);
      signIns.push((await signInFrom(LAB, student.email, PASSWORD)).statusCode);
      t.clock.advance(950);
    }
    expect(tally(typos)).toEqual({ 401: 60 });
    expect(tally(signIns)).toEqual({ 200: 60 });
    const seconds = (t.clock.now().getTime() - start) / 1000;
    expect(seconds).toBeLessThan(60);
    console.log(`sign-in limits: 60 students, 1 address, ${seconds} s, 60 typos: 60 of 60 signed in`);
  });

  it('stops 100 guesses at one account from 20 addresses; the owner still signs in at home', async () => {
    await createUser(t.db, { email: 'victim@uni.example' });
    expect((await signInFrom(HOME, 'victim@uni.example', PASSWORD)).statusCode).toBe(200);

    const statuses = await guessFromTwentyAddresses('victim@uni.example');
    expect(tally(statuses)).toEqual({
      401: SIGN_IN_FAILURES_PER_ACCOUNT,
      429: 100 - SIGN_IN_FAILURES_PER_ACCOUNT,
    });
    // Once locked, a password is not even checked: the right one from an attacker's address, or
    // from a fresh one, is refused alike.
    expect((await signInFrom('198.51.100.1', 'victim@uni.example', PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom('198.51.100.99', 'victim@uni.example', PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom(HOME, 'victim@uni.example', PASSWORD)).statusCode).toBe(200);
    console.log(
      `sign-in limits: 100 guesses from 20 addresses, ${SIGN_IN_FAILURES_PER_ACCOUNT} checked, ` +
        `${100 - SIGN_IN_FAILURES_PER_ACCOUNT} refused unchecked; the owner at home signed in`,
    );
  });

  it('lets a locked-out owner at a new address in through a password reset', async () => {
    await createUser(t.db, { email: 'victim@uni.example' });
    await guessFromTwentyAddresses('victim@uni.example');
    const cafe = '192.0.2.200';
    expect((await signInFrom(cafe, 'victim@uni.example', PASSWORD)).statusCode).toBe(429);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot',
      remoteAddress: cafe,
      payload: { email: 'victim@uni.example' },
    });
    expect(forgot.statusCode).toBe(202);
    const token = tokenFromLink(t.mail.lastTo('victim@uni.example').links[0]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${token}/reset`,
      remoteAddress: cafe,
      payload: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signInFrom(cafe, 'victim@uni.example', NEW_PASSWORD)).statusCode).toBe(200);
    // The strangers stay locked out, whatever they send.
    expect((await signInFrom('198.51.100.3', 'victim@uni.example', NEW_PASSWORD)).statusCode).toBe(429);
  });

  it('does not make an address known by the password of an unconfirmed account (issue 43)', async () => {
    // Whoever signed up with someone else's address knows that password: the owner may take the
    // account back (OpenID Connect), and the squatter's address must stay a stranger's.
    const squatter = '192.0.2.66';
    await createUser(t.db, { email: 'victim@uni.example', isConfirmed: false });
    expect((await signInFrom(squatter, 'victim@uni.example', PASSWORD)).json().code).toBe(
      'ACCOUNT_NOT_CONFIRMED',
    );
    for (let i = 1; i <= SIGN_IN_FAILURES_PER_ACCOUNT; i++)
      expect((await signInFrom(`198.51.100.${i}`, 'victim@uni.example', 'a guess')).statusCode).toBe(401);
    expect((await signInFrom(squatter, 'victim@uni.example', 'a guess')).statusCode).toBe(429);
  });

  it('doubles the lock-out of an account each time it is reached again within a day', async () => {
    await createUser(t.db, { email: 'victim@uni.example' });
    const guess = () => signInFrom('198.51.100.50', 'victim@uni.example', 'one more guess');
    const guessFrom = (address: number) =>
      signInFrom(`198.51.100.${address}`, 'victim@uni.example', 'one more guess');

    for (let i = 1; i <= SIGN_IN_FAILURES_PER_ACCOUNT; i++) expect((await guessFrom(i)).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
    t.clock.advance(SIGN_IN_WINDOW_MS);
    for (let i = 1; i <= SIGN_IN_FAILURES_PER_ACCOUNT; i++) expect((await guessFrom(i)).statusCode).toBe(401);
    t.clock.advance(SIGN_IN_WINDOW_MS);
    expect((await guess()).statusCode).toBe(429);
    t.clock.advance(SIGN_IN_WINDOW_MS);
    expect((await guess()).statusCode).toBe(401);
  });

  it('holds a guesser sharing the owner’s address to 5 failures, then to ever longer waits', async () => {
    await createUser(t.db, { email: 'classmate@uni.example' });
    expect((await signInFrom(LAB, 'classmate@uni.example', PASSWORD)).statusCode).toBe(200);
    const guess = () => signInFrom(LAB, 'classmate@uni.example', 'is it this one');

    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP; i++)
      expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
    t.clock.advance(SIGN_IN_WINDOW_MS);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP; i++)
      expect((await guess()).statusCode).toBe(401);
    t.clock.advance(SIGN_IN_WINDOW_MS);
    expect((await guess()).statusCode).toBe(429);
    t.clock.advance(SIGN_IN_WINDOW_MS);
    expect((await guess()).statusCode).toBe(401);
    // The right password clears that address's failures and back-off.
    expect((await signInFrom(LAB, 'classmate@uni.example', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP; i++)
      expect((await guess()).statusCode).toBe(401);
  });
});
