import { IDEMPOTENCY_KEY_HEADER } from '@teamboard/contract';

/** How long a create left unanswered is remembered: the person's retry comes within minutes. */
const REMEMBER_MS = 10 * 60_000;

interface Unanswered {
  key: string;
  at: number;
}

/** Creates sent but not answered (time-out, network down), by method, path and body. */
const unanswered = new Map<string, Unanswered>();

function submissionOf(path: string, body: unknown): string {
  return `POST ${path} ${JSON.stringify(body ?? null)}`;
}

/** 128 random bits as hex (getRandomValues also works on plain http, where randomUUID does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of a create: new for a new submission; the same as the previous attempt when
 * this is a retry of one that got no answer, so the server runs it once and replays its answer
 * (docs/api-boards.md, Idempotent creates). Files (FormData) are not keyed.
 */
export function idempotencyHeader(path: string, body: unknown, now = Date.now()): Record<string, string> {
  if (body instanceof FormData) return {};
  const submission = submissionOf(path, body);
  const earlier = unanswered.get(submission);
  const key = earlier && now - earlier.at < REMEMBER_MS ? earlier.key : newKey();
  unanswered.set(submission, { key, at: now });
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}

/** An answer arrived (success or refusal): the next submission with the same content is a new one. */
export function answered(path: string, body: unknown): void {
  unanswered.delete(submissionOf(path, body));
}
