import type { z } from 'zod';
import { OutboundError, type HttpClient, type HttpResponse } from '../../../http-client/types.js';
import { ProviderError } from './provider.js';

/**
 * The REST plumbing GitHub and GitLab share: GET a JSON page, turn a failure into a ProviderError,
 * follow `Link: rel="next"`. Every answer is untrusted: bodies are checked against a schema, and a
 * next-page link is followed only on the configured origin, so a host can never send the token
 * elsewhere.
 */
export interface RestApiOptions {
  http: HttpClient;
  /** Names the host in error messages ("GitHub"). */
  hostName: string;
  /** Where `baseUrl` points; next-page links elsewhere are refused. */
  origin: string;
  headers: Record<string, string>;
  now: () => number;
  /** A next page when the answer has no usable Link header (GitLab's X-Next-Page). */
  fallbackNext?: (response: HttpResponse, url: string) => string | null;
}

/** A list page of 100 large objects (a GitHub pull request embeds two repositories) stays well below. */
const PAGE_MAX_BYTES = 16 * 1024 * 1024;
/** GitHub's advice when a secondary rate limit names no time: wait at least a minute. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

export class RestApi {
  constructor(private readonly options: RestApiOptions) {}

  /** One GET, its body checked by `schema`. */
  async get<T>(url: string, schema: z.ZodType<T>): Promise<T> {
    const response = await this.request(url);
    return this.parse(response, schema);
  }

  /** The list at `url` and its next pages (at most `maxPages`), each page checked by `item`. */
  async *pages<T>(url: string, item: z.ZodType<T>, maxPages: number): AsyncGenerator<T[]> {
    let next: string | null = url;
    for (let page = 0; next !== null && page < maxPages; page++) {
      const response = await this.request(next);
      const items = this.parse(response, item.array());
      yield items;
      // Only once the caller asks for more: a page link it never needed cannot fail it.
      next = items.length === 0 ? null : this.nextPage(response, next);
    }
  }

  private async request(url: string): Promise<HttpResponse> {
    const { http, hostName, headers, now } = this.options;
    let response: HttpResponse;
    try {
      response = await http.request(url, { headers, maxBytes: PAGE_MAX_BYTES });
    } catch (error) {
      if (error instanceof OutboundError) {
        throw new ProviderError('UNREACHABLE', `${hostName} could not be reached (${error.code}).`);
      }
      throw error;
    }
    if (response.status >= 200 && response.status < 300) return response;
    throw failureOf(response, hostName, now());
  }

  private parse<T>(response: HttpResponse, schema: z.ZodType<T>): T {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new ProviderError('UNREACHABLE', `${this.options.hostName} answered with an unexpected body.`);
  }

  private nextPage(response: HttpResponse, url: string): string | null {
    const link = nextLink(response.headers['link'], url);
    if (link !== null && new URL(link).origin === this.options.origin) return link;
    const fallback = this.options.fallbackNext?.(response, url) ?? null;
    if (fallback !== null || link === null) return fallback;
    // Stopping quietly would make the sync believe it saw everything.
    throw new ProviderError('UNREACHABLE', `${this.options.hostName} sent a next page on another host.`);
  }
}

/** The `rel="next"` target of an RFC 8288 Link header, resolved against `base`, or null. */
export function nextLink(header: string | undefined, base: string): string | null {
  if (!header) return null;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(match[2] ?? '')?.[1] ?? '';
    if (!rel.toLowerCase().split(/\s+/).includes('next')) continue;
    try {
      return new URL(match[1] ?? '', base).href;
    } catch {
      return null;
    }
  }
  return null;
}

/** The ProviderError a non-2xx answer stands for (GitHub's and GitLab's documented statuses). */
export function failureOf(response: HttpResponse, hostName: string, now: number): ProviderError {
  const { status, headers } = response;
  if (status === 404 || status === 410) {
    // Both hosts answer 404 for a private repository the token cannot see.
    return new ProviderError('REPOSITORY_NOT_FOUND', `${hostName} has no such repository (${status}).`);
  }
  if (status === 401) return new ProviderError('UNAUTHORIZED', `${hostName} refused the token (401).`);
  if (status === 403 || status === 429) {
    const exhausted = headers['x-ratelimit-remaining'] === '0' || headers['ratelimit-remaining'] === '0';
    const waitMs = retryAfterMs(headers, now, exhausted);
    if (status === 429 || exhausted || waitMs !== undefined || mentionsRateLimit(response)) {
      const message = `${hostName} rate limit reached (${status}).`;
      return new ProviderError('RATE_LIMITED', message, waitMs ?? DEFAULT_RATE_LIMIT_WAIT_MS);
    }
    return new ProviderError('UNAUTHORIZED', `${hostName} refused access (403).`);
  }
  return new ProviderError('UNREACHABLE', `${hostName} answered ${status}.`);
}

/**
 * Retry-After (seconds or an HTTP date) first, as GitHub documents; else, when the quota is spent,
 * the reset time: epoch seconds on both hosts (X-RateLimit-Reset, GitLab's RateLimit-Reset).
 */
function retryAfterMs(headers: Record<string, string>, now: number, exhausted: boolean): number | undefined {
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    const at = /^\d+$/.test(retryAfter) ? now + Number(retryAfter) * 1000 : Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = (headers['x-ratelimit-reset'] ?? headers['ratelimit-reset'])?.trim();
  if (!exhausted || !reset || !/^\d+$/.test(reset)) return undefined;
  const seconds = Number(reset);
  // The IETF draft's RateLimit-Reset is a delta; no epoch time is this small.
  const at = seconds < 1e9 ? now + seconds * 1000 : seconds * 1000;
  return Math.max(0, at - now);
}

/** GitHub's secondary rate limit may come as a bare 403 whose message says so. */
function mentionsRateLimit(response: HttpResponse): boolean {
  try {
    return /rate limit/i.test(response.text().slice(0, 2000));
  } catch {
    return false;
  }
}

/**
 * One URL path segment. `.` and `..` (even as %2E) are dot segments URL parsing removes, which would
 * send the call to another route of the API, so no repository can be named that.
 */
export function pathSegment(value: string): string {
  if (/^\.+$/.test(value))
    throw new ProviderError('REPOSITORY_NOT_FOUND', `No repository is named "${value}".`);
  return encodeURIComponent(value);
}

/**
 * A newest-first listing read only down to what is already known: each page's items before the
 * first `isKnown` one, and no page after it (commits down to the last seen head, pull requests
 * down to the last sync).
 */
export async function* untilKnown<T>(
  pages: AsyncIterable<T[]>,
  isKnown: (item: T) => boolean,
): AsyncGenerator<T[]> {
  for await (const page of pages) {
    const known = page.findIndex(isKnown);
    const fresh = known === -1 ? page : page.slice(0, known);
    if (fresh.length > 0) yield fresh;
    if (known !== -1) return;
  }
}
