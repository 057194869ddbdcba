import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * True when the Authorization header carries `Bearer <token>`. Both sides are hashed first so the
 * comparison takes the same time whatever the length or the first wrong character.
 */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = BEARER.exec(authorization ?? '')?.[1];
  if (given === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Who may read /metrics on a listener: anyone reaching an internal listener when no token is set,
 * only token holders otherwise.
 */
export function mayReadMetrics(authorization: string | undefined, token: string | null): boolean {
  return token === null || hasMetricsToken(authorization, token);
}
