import { AppError } from '../../lib/app-error.js';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.js';
import type { Throttle } from '../../lib/throttle.js';

/** The limits of docs/api-auth.md. */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const SIGN_IN_ATTEMPTS_PER_IP = 30;
export const EMAIL_WINDOW_MS = HOUR_MS;
export const EMAILS_PER_ADDRESS = 3;
export const EMAILS_PER_IP = 20;

export function enforceSignInLimits(throttle: Throttle, email: string, ip: string): void {
  const isIpAllowed = throttle.hit(`sign_in:ip:${ip}`, SIGN_IN_ATTEMPTS_PER_IP, SIGN_IN_WINDOW_MS);
  const isAccountLocked = throttle.isExhausted(failureKey(email, ip), SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP);
  if (!isIpAllowed || isAccountLocked) throw new AppError('RATE_LIMITED');
}

export function recordSignInFailure(throttle: Throttle, email: string, ip: string): void {
  throttle.hit(failureKey(email, ip), SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP, SIGN_IN_WINDOW_MS);
}

/** Counts every request, known address or not, so the 429 itself reveals nothing. */
export function enforceEmailLimit(
  throttle: Throttle,
  action: 'forgot' | 'resend',
  email: string,
  ip: string,
): void {
  const isIpAllowed = throttle.hit(`${action}:ip:${ip}`, EMAILS_PER_IP, EMAIL_WINDOW_MS);
  const isAddressAllowed = throttle.hit(`${action}:email:${email}`, EMAILS_PER_ADDRESS, EMAIL_WINDOW_MS);
  if (!isIpAllowed || !isAddressAllowed) throw new AppError('RATE_LIMITED');
}

function failureKey(email: string, ip: string): string {
  return `sign_in:fail:${email}:${ip}`;
}
