import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  createAllowList,
  defaultLookup,
  parseOutboundUrl,
  resolveOutboundTarget,
  type OutboundTarget,
} from './outbound-url.js';
import { ACCEPT_ENCODING, readCappedBody } from './response-body.js';
import {
  OutboundError,
  type HostLookup,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequest,
  type HttpResponse,
  type ResolvedAddress,
} from './types.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** The caller's headers that survive a redirect to another origin; the rest may be credentials. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'user-agent']);
/** Set by the client itself, whatever the caller passes. */
const CLIENT_HEADERS = new Set([
  'host',
  'content-length',
  'accept-encoding',
  'connection',
  'transfer-encoding',
]);

interface Hop {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | undefined;
}

interface Call {
  allowedHosts: ReadonlySet<string>;
  lookup: HostLookup;
  maxRedirects: number;
  maxBytes: number;
  signal: AbortSignal;
  /** For error messages: the host of the hop in flight (never headers or the full URL). */
  host: string;
}

/**
 * Checks a URL before it is stored or handed to git: http(s) only, no credentials, and a host that is
 * neither a forbidden IP literal nor a name with any forbidden DNS answer (unless allowed).
 */
export async function assertOutboundUrl(
  url: string,
  allowedHosts: readonly string[],
  lookup: HostLookup = defaultLookup,
): Promise<URL> {
  const parsed = parseOutboundUrl(url);
  await resolveOutboundTarget(parsed, createAllowList(allowedHosts), lookup);
  return parsed;
}

/** The one HTTP client for calls to other hosts (docs/security.md, outgoing calls). */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const allowedHosts = createAllowList(options.allowedHosts);
  const lookup = options.lookup ?? defaultLookup;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  return {
    async request(url, init = {}) {
      const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const maxBytes = init.maxBytes ?? options.maxBytes ?? DEFAULT_MAX_BYTES;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const call: Call = {
        allowedHosts,
        lookup,
        maxRedirects,
        maxBytes,
        signal: controller.signal,
        host: '',
      };
      try {
        return await follow(url, init, call);
      } catch (error) {
        throw asOutboundError(error, call);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

async function follow(start: string, init: HttpRequest, call: Call): Promise<HttpResponse> {
  let url = parseOutboundUrl(start);
  let hop: Hop = { method: init.method ?? 'GET', headers: callerHeaders(init.headers), body: init.body };
  for (let redirects = 0; ; redirects += 1) {
    call.host = url.host;
    // Every hop is checked like the first, against the same allow list.
    const target = await untilAborted(
      resolveOutboundTarget(url, call.allowedHosts, call.lookup),
      call.signal,
    );
    const res = await send(target, hop, call.signal);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (!REDIRECT_STATUSES.has(status) || !location) {
      return toResponse(res, url, await readCappedBody(res, call.maxBytes));
    }
    res.destroy();
    if (redirects >= call.maxRedirects) {
      throw new OutboundError('TOO_MANY_REDIRECTS', `More than ${call.maxRedirects} redirects.`);
    }
    const next = parseOutboundUrl(location, url);
    hop = redirectedHop(hop, status, url, next);
    url = next;
  }
}

/** Fetch semantics: 303, and 301/302 after a POST, become a GET without body. */
function redirectedHop(hop: Hop, status: number, from: URL, to: URL): Hop {
  const isNowGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST');
  const headers = Object.fromEntries(
    Object.entries(hop.headers).filter(
      ([name]) =>
        (from.origin === to.origin || CROSS_ORIGIN_HEADERS.has(name)) &&
        !(isNowGet && name === 'content-type'),
    ),
  );
  return isNowGet ? { method: 'GET', headers, body: undefined } : { ...hop, headers };
}

function callerHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!CLIENT_HEADERS.has(lower)) result[lower] = value;
  }
  return result;
}

function send(target: OutboundTarget, hop: Hop, signal: AbortSignal): Promise<IncomingMessage> {
  const { url, hostname, addresses } = target;
  const request = url.protocol === 'https:' ? https.request : http.request;
  const headers: Record<string, string | number> = { ...hop.headers, 'accept-encoding': ACCEPT_ENCODING };
  if (hop.body !== undefined) headers['content-length'] = Buffer.byteLength(hop.body);
  return new Promise((resolve, reject) => {
    // `hostname` stays the name, so the Host header and the TLS server name (and certificate check)
    // use it, while `lookup` connects only to the addresses that were checked: no second DNS answer
    // can slip in between check and connect. agent: false, so no pooled socket is reused either.
    const req = request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: hop.method,
        headers,
        lookup: pinnedLookup(addresses),
        agent: false,
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(hop.body);
  });
}

function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // Asynchronous like dns.lookup; net attaches its listeners after calling lookup.
    process.nextTick(() => {
      const [first] = addresses;
      if (options.all)
        callback(
          null,
          addresses.map(({ address, family }) => ({ address, family })),
        );
      else if (first) callback(null, first.address, first.family);
    });
  };
}

function toResponse(res: IncomingMessage, url: URL, body: Buffer): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(res.headersDistinct)) headers[name] = (values ?? []).join(', ');
  return {
    status: res.statusCode ?? 0,
    headers,
    url: url.href,
    body,
    text: () => body.toString('utf8'),
    json: () => JSON.parse(body.toString('utf8')) as unknown,
  };
}

/** DNS cannot be cancelled, so the time-out races it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function asOutboundError(error: unknown, call: Call): OutboundError {
  if (error instanceof OutboundError) return error;
  if (call.signal.aborted) return new OutboundError('TIMEOUT', `${call.host} did not answer in time.`);
  // Only the error code: Node's messages are harmless, but nothing of the request belongs here.
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new OutboundError('NETWORK', `Could not reach ${call.host}${code ? ` (${code})` : ''}.`);
}
