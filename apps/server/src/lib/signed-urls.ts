import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC(SECRET_KEY, key + expires): a link an `<img>` or a download can use without token headers. */
export function signature(secretKey: string, key: string, expires: number): string {
  return createHmac('sha256', secretKey).update(`${key}\n${expires}`).digest('base64url');
}

export function signPath(secretKey: string, prefix: string, key: string, expires: number): string {
  return `${prefix}${key}?expires=${expires}&signature=${signature(secretKey, key, expires)}`;
}

/** Valid when not expired at `nowSeconds` and the signature matches (constant-time compare). */
export function verifySignature(
  secretKey: string,
  key: string,
  expires: unknown,
  given: unknown,
  nowSeconds: number,
): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof given !== 'string') return false;
  if (Number(expires) < nowSeconds) return false;
  const expected = Buffer.from(signature(secretKey, key, Number(expires)));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
