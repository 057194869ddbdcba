import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  DEFAULT_FIRST_TOKEN_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  ProviderError,
  parseRetryAfter,
  redactSecret,
  statusError,
  type StreamOptions,
} from './provider.js';
import { Watchdog } from './watchdog.js';

/**
 * The HTTP and server-sent-events plumbing both providers share: POST JSON, turn a failed answer into
 * a ProviderError, read `data:` events under the watchdog's clocks, and hand each event to the
 * provider's reader, which says what text (or end, or error) it carries.
 */
export interface ProviderProtocol {
  /** Names the provider in messages: "OpenAI-compatible endpoint", "Anthropic API". */
  label: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Removed from every message built from what the provider says. */
  secret: string | null;
  /** The provider's own words for a failure in a JSON body; null when it holds none. */
  errorFromBody(body: unknown): RemoteError | null;
  /** Reads one answer's events; a reader may keep state ("a stop reason came"). */
  createReader(): EventReader;
}

export interface RemoteError {
  /** The provider's words (shown only once redacted), with its error type when that says more. */
  message: string;
  /** The HTTP status the error stands for, when the provider's error type says. */
  status: number | null;
}

/** What one event carries: text ('' for none: a role, a ping, usage), the end, an error, or garbage. */
export type EventReading = { text: string } | { end: true } | { error: RemoteError } | { malformed: string };

export interface EventReader {
  read(event: EventSourceMessage): EventReading;
  /** Whether the answer is whole if the stream closes now without the end marker. */
  isComplete(): boolean;
}

/** A runaway stream stops here; at the default max_tokens an answer is a few kilobytes. */
const MAX_STREAM_CHARS = 8 * 1024 * 1024;
/** One event may not grow beyond this (a line that never ends). */
const MAX_EVENT_CHARS = 1024 * 1024;
/** An error body is read only for its message. */
const MAX_ERROR_BODY_CHARS = 64 * 1024;

/** The provider's answer as text deltas; see StreamChat. */
export async function* streamAnswer(
  protocol: ProviderProtocol,
  options: StreamOptions,
): AsyncGenerator<string> {
  const host = checkRequest(protocol);
  const watchdog = new Watchdog(protocol.label, {
    ...options,
    firstTokenTimeoutMs: options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_TIMEOUT_MS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  });
  let response: Response | undefined;
  try {
    watchdog.check();
    response = await watchdog.waitForBytes(() => post(protocol, watchdog.signal));
    const failure = await failureOf(response, protocol, host, watchdog);
    if (failure) throw failure;
    const reader = protocol.createReader();
    for await (const event of readEvents(response, protocol.label, watchdog)) {
      // Events already read may be buffered: an abort while the caller held a delta stops here.
      watchdog.check();
      const reading = reader.read(event);
      if ('end' in reading) return;
      if ('error' in reading) throw remoteFailure(protocol, host, reading.error);
      if ('malformed' in reading) throw protocolError(protocol.label, `sent ${reading.malformed}`, false);
      if (reading.text === '') continue;
      watchdog.sawToken();
      yield reading.text;
    }
    if (!reader.isComplete()) throw protocolError(protocol.label, 'stream ended before the answer did', true);
  } catch (error) {
    throw watchdog.explain(error, host);
  } finally {
    watchdog.dispose();
    // The abort alone once left the connection open under load (the test that checks the hang-up
    // waited 10 s in vain): cancelling the body closes it too. Harmless on a body already read.
    if (response?.body && !response.body.locked) await response.body.cancel().catch(() => undefined);
  }
}

/** The host for messages; refuses what fetch would reject with a message quoting a header value. */
function checkRequest(protocol: ProviderProtocol): string {
  let url: URL;
  try {
    url = new URL(protocol.url);
  } catch {
    throw protocolError(protocol.label, 'base URL is not a valid address', false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw protocolError(protocol.label, 'base URL is not an http(s) address', false);
  }
  for (const [name, value] of Object.entries(protocol.headers)) {
    if (!/^[\x20-\x7e]*$/.test(value)) {
      throw protocolError(protocol.label, `${name} header holds characters HTTP cannot carry`, false);
    }
  }
  return url.host;
}

function post(protocol: ProviderProtocol, signal: AbortSignal): Promise<Response> {
  return fetch(protocol.url, {
    method: 'POST',
    headers: { ...protocol.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(protocol.body),
    signal,
    // A redirect would carry x-api-key (fetch drops only Authorization) to wherever it points.
    redirect: 'error',
  });
}

/**
 * Why the answer is not an event stream, or null when it is. A JSON body on a 2xx is a failure too:
 * some proxies and local servers answer an error that way, and a non-streaming answer is unusable.
 */
async function failureOf(
  response: Response,
  protocol: ProviderProtocol,
  host: string,
  watchdog: Watchdog,
): Promise<ProviderError | null> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) return null;
  const text = await watchdog.waitForBytes(() => readCapped(response, MAX_ERROR_BODY_CHARS));
  const remote = protocol.errorFromBody(parseJson(text));
  if (response.ok) {
    return remote
      ? remoteFailure(protocol, host, remote)
      : protocolError(protocol.label, 'answered JSON instead of an event stream', false);
  }
  const detail = redactSecret(remote ? remote.message : response.statusText, protocol.secret);
  return statusError(
    sentence(`The ${protocol.label} at ${host} answered ${response.status}${detail ? `: ${detail}` : ''}`),
    response.status,
    parseRetryAfter(response.headers.get('retry-after')),
  );
}

function remoteFailure(protocol: ProviderProtocol, host: string, remote: RemoteError): ProviderError {
  const detail = redactSecret(remote.message, protocol.secret);
  return statusError(
    sentence(`The ${protocol.label} at ${host} reported an error: ${detail}`),
    remote.status,
  );
}

/** Ends `text` with a full stop unless the provider's words already end a sentence. */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function protocolError(label: string, what: string, retryable: boolean): ProviderError {
  return new ProviderError(`The ${label} ${what}.`, { kind: 'protocol', retryable });
}

/** The body's server-sent events, in order, each read under the idle clock. */
async function* readEvents(
  response: Response,
  label: string,
  watchdog: Watchdog,
): AsyncGenerator<EventSourceMessage> {
  const events: EventSourceMessage[] = [];
  let isOverlong = false;
  const parser = createParser({
    onEvent: (event) => events.push(event),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') isOverlong = true;
    },
    maxBufferSize: MAX_EVENT_CHARS,
  });
  const decoder = new TextDecoder();
  let total = 0;
  for await (const chunk of chunksOf(response, watchdog)) {
    const text = decoder.decode(chunk, { stream: true });
    total += text.length;
    if (total > MAX_STREAM_CHARS) throw protocolError(label, 'stream grew beyond its size cap', false);
    parser.feed(text);
    if (isOverlong) throw protocolError(label, 'sent an event beyond its size cap', false);
    yield* events.splice(0);
  }
  // A last event without its closing blank line still counts (empty lines dispatch nothing more).
  parser.feed(`${decoder.decode()}\n\n`);
  if (isOverlong) throw protocolError(label, 'sent an event beyond its size cap', false);
  yield* events.splice(0);
}

async function* chunksOf(response: Response, watchdog: Watchdog): AsyncGenerator<Uint8Array> {
  const body = response.body;
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await watchdog.waitForBytes(() => reader.read());
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function readCapped(response: Response, maxChars: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  const body = response.body;
  if (!body) return text;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
    if (text.length >= maxChars) {
      await reader.cancel();
      return text.slice(0, maxChars);
    }
  }
}

/** The JSON value of `text`, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
