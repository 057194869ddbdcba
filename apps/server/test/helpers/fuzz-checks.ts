import type { FuzzCase } from './fuzz-cases.js';

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export type ProblemKind = 'server error' | 'invalid input accepted' | 'leak' | 'error shape' | 'headers';

export interface Problem {
  kind: ProblemKind;
  detail: string;
  request: string;
}

/**
 * What must never reach a client: stack frames, SQL engine messages, server file paths. A path into a
 * package (`node_modules/<name>/`), not the bare word: the assistant's tips rightly tell students to
 * keep `node_modules` out of git.
 */
const LEAK_PATTERNS = [
  /\/work\//,
  /\/tmp\//,
  /node_modules\/[\w@.-]+\//,
  /^\s*at .+:\d+:\d+\)?$/m,
  /SQLITE_/,
  /syntax error at or near/i,
  /violates .* constraint/i,
  /relation ".*" does not exist/i,
  /out of range for type/i,
  /\bstack\b.*\bError\b/,
];

/** The headers every answer carries (part 8 of issue 7). */
function headerProblems(answer: Answer, isAuthenticated: boolean): string[] {
  const problems: string[] = [];
  const header = (name: string) => String(answer.headers[name] ?? '');
  if (header('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (!header('content-security-policy').includes("frame-ancestors 'none'"))
    problems.push('no frame-ancestors');
  if (!header('referrer-policy')) problems.push('no referrer-policy');
  const isJson = header('content-type').startsWith('application/json');
  // The board detail is revalidated by ETag instead (docs/decisions.md, Issue 7).
  const isRevalidated = Boolean(answer.headers.etag) && header('cache-control') === 'private, no-cache';
  const mustNotStore = isJson && (isAuthenticated || answer.statusCode >= 400) && !isRevalidated;
  if (mustNotStore && !header('cache-control').includes('no-store'))
    problems.push(`JSON ${answer.statusCode} without no-store (cache-control: ${header('cache-control')})`);
  return problems;
}

function isErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown; code?: unknown };
    return (
      Object.keys(parsed).sort().join() === 'code,errors' &&
      Array.isArray(parsed.errors) &&
      parsed.errors.length > 0 &&
      parsed.errors.every((e) => typeof e === 'string' && e.length > 0) &&
      typeof parsed.code === 'string' &&
      /^[A-Z_]+$/.test(parsed.code)
    );
  } catch {
    return false;
  }
}

export function describeCase(c: FuzzCase): string {
  const payload = c.payload === undefined ? '' : ` ${String(c.payload).slice(0, 300)}`;
  return `${c.role} ${c.method} ${c.url.slice(0, 200)}${payload}`;
}

/** Everything wrong with one answer; an empty list when it holds. */
export function problemsOf(c: FuzzCase, answer: Answer): Problem[] {
  const request = describeCase(c);
  const found: Problem[] = [];
  const add = (kind: ProblemKind, detail: string) => found.push({ kind, detail, request });
  const status = answer.statusCode;
  if (status >= 500) add('server error', `${status} ${answer.body.slice(0, 300)}`);
  if (c.mustReject && status < 400) add('invalid input accepted', `${status} although ${c.mustReject}`);
  if (status >= 400 && !isErrorShape(answer.body))
    add('error shape', `${status} ${answer.body.slice(0, 300)}`);
  const leak = LEAK_PATTERNS.find((pattern) => pattern.test(answer.body));
  if (leak) add('leak', `${status} matches ${leak}: ${answer.body.slice(0, 300)}`);
  const isAuthenticated = c.role !== 'anonymous' && c.role !== 'forged';
  for (const detail of headerProblems(answer, isAuthenticated)) add('headers', detail);
  return found;
}
