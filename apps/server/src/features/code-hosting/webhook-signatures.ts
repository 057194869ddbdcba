import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who may call the webhook: GitHub signs the raw body with the shared secret, GitLab echoes the
 * secret. Comparisons are constant-time so response timing never reveals how much of a guess was
 * right, and an empty secret accepts nothing (anyone can compute an HMAC with an empty key).
 */

const GITHUB_PREFIX = 'sha256=';

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`, as GitHub sends it. */
export function verifyGithubSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!secret || !header?.startsWith(GITHUB_PREFIX)) return false;
  const hex = header.slice(GITHUB_PREFIX.length);
  // Buffer.from(…, 'hex') silently stops at the first bad character; refuse those outright.
  if (!/^[0-9a-f]*$/i.test(hex) || hex.length % 2 !== 0) return false;
  const given = Buffer.from(hex, 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `X-Gitlab-Token: <secret>`. Both sides are hashed first so their lengths match and stay private. */
export function verifyGitlabToken(header: string | undefined, secret: string): boolean {
  if (!secret || header === undefined) return false;
  const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(sha256(header), sha256(secret));
}

/** Longer values are not a host's delivery id; they are not worth a row in the dedupe table. */
const MAX_DELIVERY_ID_LENGTH = 200;
const DELIVERY_HEADERS = ['x-github-delivery', 'x-gitlab-event-uuid', 'idempotency-key'] as const;

/**
 * The key a redelivered event is recognised by: GitHub's delivery GUID, GitLab's event UUID, else an
 * Idempotency-Key (GitLab sends one on retries too), else null. Header names are lower-case, as
 * Node gives them.
 */
export function deliveryId(headers: Record<string, string | string[] | undefined>): string | null {
  for (const name of DELIVERY_HEADERS) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value && value.length <= MAX_DELIVERY_ID_LENGTH) return value;
  }
  return null;
}
