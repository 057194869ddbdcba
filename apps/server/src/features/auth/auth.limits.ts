import { AppError } from '../../lib/app-error.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/clock.js';
import type { Limit, Throttle } from '../../lib/throttle.js';

/*
 * Sign-in limits (docs/api-auth.md). A successful sign-in counts nowhere, so a classroom behind one
 * NAT address signs in freely. Failures count three ways, and an attempt over a limit is answered
 * 429 without its password being checked, so guessing stops, not only its answers:
 *
 * - per account and address: 5 failures lock that pair. Each lock-out in the last day doubles the
 *   next window (15 minutes, 30, 60… up to a day), so a guesser sharing the owner's address slows
 *   to a few tries a day.
 * - per account, across every address: 10 failures (doubling the same way) lock the account for
 *   every address it is not known at, so 20 addresses or 2,000 share those 10 guesses.
 * - per address: 100 failures lock the address for accounts not known there (password spraying).
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
export const LONGEST_LOCKOUT_MS = DAY_MS;
export const KNOWN_ADDRESS_MS = 30 * DAY_MS;

interface FailureCounter {
  kind: 'pair' | 'account';
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
 */
export async function beginSignInAttempt(
  throttle: Throttle,
  email: string,
  ip: string,
): Promise<SignInAttempt> {
  const pair = pairCounter(email, ip);
  const account = accountCounter(email);
  const [pairWindowMs, accountWindowMs, isKnown] = await Promise.all([
    failureWindowMs(throttle, pair),
    failureWindowMs(throttle, account),
    isKnownAddress(throttle, email, ip),
  ]);
  const [pairFailures, accountFailures, addressFailures] = await Promise.all([
    throttle.add(failuresKey(pair), pairWindowMs),
    throttle.add(failuresKey(account), accountWindowMs),
    throttle.add(addressKey(ip), SIGN_IN_WINDOW_MS),
  ]);
  const isLockedForStrangers =
    !isKnown && (accountFailures > account.limit || addressFailures > SIGN_IN_FAILURES_PER_IP);
  const giveBack = (keys: string[]) => Promise.all(keys.map((key) => throttle.takeBack(key)));
  if (pairFailures > pair.limit || isLockedForStrangers) {
    await giveBack([failuresKey(pair), failuresKey(account), addressKey(ip)]);
    throw new AppError('RATE_LIMITED');
  }
  return {
    async failed() {
      // The failure that reaches a limit counts the lock-out that doubles the next window.
      await Promise.all([
        pairFailures === pair.limit ? throttle.add(lockoutsKey(pair), DAY_MS) : undefined,
        accountFailures === account.limit ? throttle.add(lockoutsKey(account), DAY_MS) : undefined,
      ]);
    },
    async succeeded() {
      await giveBack([failuresKey(account), addressKey(ip)]);
    },
  };
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

function failuresKey(counter: FailureCounter): string {
  return `sign_in:${counter.kind}_failures:${counter.subject}`;
}

function lockoutsKey(counter: FailureCounter): string {
  return `sign_in:${counter.kind}_lockouts:${counter.subject}`;
}

function addressKey(ip: string): string {
  return `sign_in:address_failures:${ip}`;
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
