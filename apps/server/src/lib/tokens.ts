import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Tokens are stored only as an HMAC keyed with SECRET_KEY: a leaked database alone cannot be
 * used to sign in or reset a password, and the lookup stays a plain indexed equality.
 */
export function hashToken(secretKey: string, token: string): string {
  return createHmac('sha256', secretKey).update(token).digest('base64url');
}

export function tokenMatches(secretKey: string, token: string, storedHash: string): boolean {
  const actual = Buffer.from(hashToken(secretKey, token));
  const expected = Buffer.from(storedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
