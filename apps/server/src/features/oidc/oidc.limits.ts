import { AppError } from '../../lib/app-error.js';
import { MINUTE_MS } from '../../lib/clock.js';
import type { Throttle } from '../../lib/throttle.js';

/*
 * Each provider callback (the browser's redirect, and SPEC §7's access token) makes the server call
 * the provider: a code to exchange, a token to check. Failed ones count per client address, as failed
 * password sign-ins do (auth.limits.ts), and an address over the limit is answered 429 before any call
 * goes out, so nobody can make this server hammer the provider with made-up codes or tokens. A
 * successful sign-in counts nowhere: a class behind one NAT address signs in freely.
 */
export const OIDC_FAILURES_PER_IP = 100;
export const OIDC_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/** What becomes of a callback's place in its address's count once the provider has answered. */
export interface ProviderCallAttempt {
  /** Signed in (or handed a code on): the place is given back. */
  succeeded(): Promise<void>;
}

/**
 * Takes the callback's place in its address's count first (`hitAll`: so callbacks sent at once cannot
 * all slip under the limit), and answers RATE_LIMITED, nothing counted and no call made, when the
 * address has used up its failures.
 */
export async function beginProviderCall(throttle: Throttle, ip: string): Promise<ProviderCallAttempt> {
  const key = `oidc:failures:ip:${ip}`;
  const limit = { key, limit: OIDC_FAILURES_PER_IP, windowMs: OIDC_FAILURE_WINDOW_MS };
  if (!(await throttle.hitAll([limit]))) throw new AppError('RATE_LIMITED');
  return { succeeded: () => throttle.takeBack(key) };
}
