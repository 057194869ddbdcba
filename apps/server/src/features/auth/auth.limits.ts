import { AppError } from '../../lib/app-error.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import type { Limit, Throttle } from '../../lib/throttle.js';

/*
 * Sign-in limits (docs/api-auth.md). A successful sign-in counts nowhere, so a classroom behind one
 * NAT address signs in freely. Failures count three ways. An attempt over a limit is answered 429
 * without its password being checked, so guessing stops, not only its answers:
 *
 * - per account and address: 5 failures lock that pair. Each lock-out in the last day doubles the
 *   next window (15 minutes, 30, 60… up to a day), so a guesser sharing the owner's address slows
 *   to a few tries a day.
 * - per account, across every address: 10 failures (doubling the same way) lock the account for
 *   every address it is not known at, so 20 addresses or 2,000 share those 10 guesses.
 * - per address: over 100 failures (doubling the same way) the address is busy. That never locks
 *   it: a busy address only slows down (below), because one person's guesses, or a class's typos,
 *   must not keep classmates behind the same NAT out.
 *
 * At a busy address, for accounts not known there:
 * - an attempt waits before its password is checked: 1 s for each 10 failures over the 100, up to
 *   15 s. One guess after another, a guesser at one address gets fewer checks a day than the old
 *   lock-out's 100 per quarter hour allowed (test/features/auth/sign-in-limits.test.ts counts them).
 * - an account gets a typo or two there: its third failure at that address locks the pair (the
 *   pair limit drops from 5 to 3), so a sprayer tries at most 3 passwords per account there, while
 *   a student with two typos still has the right password checked.
 *
 * An address is known for an account when the right password for it was given there in the last
 * 30 days, or a reset link for it was used there. That is what keeps strangers from locking the
 * owner out: at a known address only the owner's own pair limit applies. An owner locked out at a
 * new address resets the password (POST /api/users/forgot, then the link), which makes that address
 * known and clears its pair limit.
 */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURES_PER_IP = 100;
/** At a busy address, failures an account may have there and still have its password checked. */
export const SIGN_IN_TYPOS_AT_BUSY_IP = 2;
/** At a busy address, each this many failures over its limit add one BUSY_IP_WAIT_STEP_MS. */
export const BUSY_IP_FAILURES_PER_STEP = 10;
export const BUSY_IP_WAIT_STEP_MS = 1000;
export const LONGEST_BUSY_IP_WAIT_MS = 15_000;
export const LONGEST_LOCKOUT_MS = DAY_MS;
export const KNOWN_ADDRESS_MS = 30 * DAY_MS;

interface FailureCounter {
  kind: 'pair' | 'account' | 'address';
  subject: string;
  limit: number;
}

/** What becomes of an attempt's place in the counts once its password has been checked. */
export interface SignInAttempt {
  /** A wrong password (or no such account): the place stays counted, a lock-out if it reached one. */
  failed(): Promise<void>;
  /** The right password: successes count nowhere, so the place is given back (trustAddress clears the pair). */
  succeeded(): Promise<void>;
}

/**
 * Takes the attempt's place in every failure count before its password is checked, and answers
 * RATE_LIMITED (nothing counted, no password checked) when that place is over a limit. Counting
 * first is what holds a limit against attempts sent at once, to one instance or to several: each
 * increment answers its own place, so of 20 guesses fired together at a pair only 5 are checked
 * (reading the counts first and counting after the slow password check let all 20 through).
 * From a busy address the attempt then waits on the clock before its password is checked.
 */
export async function beginSignInAttempt(
  throttle: Throttle,
  clock: Clock,
  email: string,
  ip: string,
): Promise<SignInAttempt> {
  const pair = pairCounter(email, ip);
  const account = accountCounter(email);
  const address = addressCounter(ip);
  const counters = [pair, account, address];
  const countFailure = async (counter: FailureCounter) =>
    throttle.add(failuresKey(counter), await failureWindowMs(throttle, counter));
  const [pairFailures, accountFailures, addressFailures, isKnown] = await Promise.all([
    countFailure(pair),
    countFailure(account),
    countFailure(address),
    isKnownAddress(throttle, email, ip),
  ]);
  // A known address is the owner's: only the pair limit applies there.
  const isBusy = !isKnown && addressFailures > address.limit;
  const isLocked =
    pairFailures > pair.limit ||
    (!isKnown && accountFailures > account.limit) ||
    (isBusy && pairFailures > SIGN_IN_TYPOS_AT_BUSY_IP + 1);
  const giveBack = (keys: string[]) => Promise.all(keys.map((key) => throttle.takeBack(key)));
  if (isLocked) {
    await giveBack(counters.map(failuresKey));
    throw new AppError('RATE_LIMITED');
  }
  if (isBusy) await clock.wait(busyAddressWaitMs(addressFailures));
  return {
    async failed() {
      // The failure that reaches a limit counts the lock-out that doubles the next window.
      const reachedLimit = (counter: FailureCounter, failures: number) =>
        failures === counter.limit ? throttle.add(lockoutsKey(counter), DAY_MS) : undefined;
      await Promise.all([
        reachedLimit(pair, pairFailures),
        reachedLimit(account, accountFailures),
        reachedLimit(address, addressFailures),
      ]);
    },
    async succeeded() {
      await giveBack([failuresKey(account), failuresKey(address)]);
    },
  };
}

/** How long an attempt from a busy address waits: a step per 10 failures over the limit, capped. */
export function busyAddressWaitMs(addressFailures: number): number {
  const steps = Math.ceil((addressFailures - SIGN_IN_FAILURES_PER_IP) / BUSY_IP_FAILURES_PER_STEP);
  return Math.min(Math.max(steps, 0) * BUSY_IP_WAIT_STEP_MS, LONGEST_BUSY_IP_WAIT_MS);
}

/**
 * The right password (or a used reset link) came from this address: it becomes known for the
 * account for KNOWN_ADDRESS_MS from now, and its own failures and back-off are forgiven.
 */
export async function trustAddress(throttle: Throttle, email: string, ip: string): Promise<void> {
  const pair = pairCounter(email, ip);
  await Promise.all([
    throttle.reset(failuresKey(pair)),
    throttle.reset(lockoutsKey(pair)),
    throttle.reset(knownKey(email, ip)),
  ]);
  await throttle.add(knownKey(email, ip), KNOWN_ADDRESS_MS);
}

export async function isKnownAddress(throttle: Throttle, email: string, ip: string): Promise<boolean> {
  return (await throttle.count(knownKey(email, ip))) > 0;
}

/** The failure window of a counter: 15 minutes, doubled by each of its lock-outs in the last day. */
async function failureWindowMs(throttle: Throttle, counter: FailureCounter): Promise<number> {
  const lockouts = await throttle.count(lockoutsKey(counter));
  return Math.min(SIGN_IN_WINDOW_MS * 2 ** lockouts, LONGEST_LOCKOUT_MS);
}

// Keys put the address (which has no space) before the email (which the client chooses), so no
// email can be written to land on another pair's key.
function pairCounter(email: string, ip: string): FailureCounter {
  return { kind: 'pair', subject: `${ip} ${email}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP };
}

function accountCounter(email: string): FailureCounter {
  return { kind: 'account', subject: email, limit: SIGN_IN_FAILURES_PER_ACCOUNT };
}

/** The address's failures at every account: over its limit the address is busy (slowed), never locked. */
function addressCounter(ip: string): FailureCounter {
  return { kind: 'address', subject: ip, limit: SIGN_IN_FAILURES_PER_IP };
}

function failuresKey(counter: FailureCounter): string {
  return `sign_in:${counter.kind}_failures:${counter.subject}`;
}

function lockoutsKey(counter: FailureCounter): string {
  return `sign_in:${counter.kind}_lockouts:${counter.subject}`;
}

function knownKey(email: string, ip: string): string {
  return `sign_in:known:${ip} ${email}`;
}

/*
 * Mail caps, per hour. Every mail an anonymous action sends (sign-up, forgot, resend) counts against
 * its sending address (60: a class of 40 signing up behind one NAT still gets every confirmation),
 * the recipient from that address (3, all actions together) and the recipient for that action (5,
 * from everyone). A capped mail is simply not sent and the answer stays the neutral one, so a cap
 * never tells who has an account and never answers the owner with a 429. Strangers can use up a
 * recipient's allowance for an action, but not for the owner asking from an address known for the
 * account (above): that request skips the per-recipient cap and keeps only the per-address ones.
 */
export type AccountMailAction = 'sign_up' | 'forgot' | 'resend';
export const MAIL_WINDOW_MS = HOUR_MS;
export const ACCOUNT_MAILS_PER_IP = 60;
export const ACCOUNT_MAILS_PER_RECIPIENT_AND_IP = 3;
export const ACCOUNT_MAILS_PER_RECIPIENT_AND_ACTION = 5;

/** Counts one account mail against its caps; false (nothing counted) when one is used up. */
export async function mayMail(
  throttle: Throttle,
  action: AccountMailAction,
  recipient: string,
  ip: string,
): Promise<boolean> {
  const limits: Limit[] = [
    { key: `mail:ip:${ip}`, limit: ACCOUNT_MAILS_PER_IP, windowMs: MAIL_WINDOW_MS },
    {
      key: `mail:recipient_ip:${ip} ${recipient}`,
      limit: ACCOUNT_MAILS_PER_RECIPIENT_AND_IP,
      windowMs: MAIL_WINDOW_MS,
    },
  ];
  if (!(await isKnownAddress(throttle, recipient, ip))) {
    limits.push({
      key: `mail:recipient_${action}:${recipient}`,
      limit: ACCOUNT_MAILS_PER_RECIPIENT_AND_ACTION,
      windowMs: MAIL_WINDOW_MS,
    });
  }
  return throttle.hitAll(limits);
}
