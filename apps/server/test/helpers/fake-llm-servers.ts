import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * OpenAI and Anthropic stand-ins on loopback, speaking each API's real streaming wire format: OpenAI's
 * `data: {chat.completion.chunk}` lines ending with `data: [DONE]`, Anthropic's `event:` + `data:`
 * pairs (message_start … message_stop), and each provider's own error JSON. A script says what each
 * request gets; every request is recorded, including whether the client hung up before the end.
 */
export type FakeStep =
  /** The answer `chunks` (text deltas), framed as the API frames them, `delayMs` apart. */
  | { kind: 'stream'; chunks: string[]; delayMs?: number; splitEvents?: boolean }
  /** An HTTP error; `body` replaces the provider's own error JSON for `status`. */
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Starts the answer, sends `chunks`, then goes silent with the response still open. */
  | { kind: 'hang_after'; chunks: string[] }
  /** Starts the answer, sends `chunks`, then the provider's in-stream error, and ends. */
  | { kind: 'midstream_error'; chunks?: string[] }
  /** `text` as the body of an event stream, as is: for malformed and truncated streams. */
  | { kind: 'raw'; text: string };

/** One step per request in order, or a function of the request. */
export type FakeScript = FakeStep[] | ((request: RecordedRequest, index: number) => FakeStep);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  /** Set when the client closed the connection before the answer was complete. */
  closedByClient: boolean;
}

export interface FakeLlmServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Resolves once the client has hung up on request `index`; rejects after `timeoutMs`. */
  clientClosed(index: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** How one API frames a streamed answer and its errors. */
interface WireFormat {
  /** The path the API answers; the fake's base URL is the client's base URL. */
  basePath: string;
  endpoint: string;
  start(request: RecordedRequest): string[];
  delta(text: string): string;
  finish(): string[];
  midstreamError(): string;
  errorBody(status: number, request: RecordedRequest): unknown;
}

export const OPENAI_MODEL = 'gpt-4o-mini-2024-07-18';

/** A fake `https://api.openai.com/v1`: POST {baseUrl}/chat/completions. */
export function startFakeOpenAi(script: FakeScript): Promise<FakeLlmServer> {
  return startFake(script, openAiWire());
}

/** A fake `https://api.anthropic.com`: POST {baseUrl}/v1/messages. */
export function startFakeAnthropic(script: FakeScript): Promise<FakeLlmServer> {
  return startFake(script, anthropicWire());
}

async function startFake(script: FakeScript, wire: WireFormat): Promise<FakeLlmServer> {
  const requests: RecordedRequest[] = [];
  const closeWaiters = new Map<number, () => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = requests.length;
      const request: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: parseJson(Buffer.concat(chunks).toString('utf8')),
        closedByClient: false,
      };
      requests.push(request);
      res.on('close', () => {
        if (res.writableFinished) return;
        request.closedByClient = true;
        closeWaiters.get(index)?.();
      });
      if (request.method !== 'POST' || request.path !== `${wire.basePath}${wire.endpoint}`) {
        sendJson(res, 404, wire.errorBody(404, request));
        return;
      }
      const step = Array.isArray(script) ? script[index] : script(request, index);
      if (step) play(step, wire, request, res);
      else sendJson(res, 500, { error: { message: `fake: no step scripted for request ${index}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${wire.basePath}`,
    requests,
    clientClosed: (index, timeoutMs = 2000) =>
      new Promise<void>((resolve, reject) => {
        if (requests[index]?.closedByClient) return resolve();
        const timer = setTimeout(() => reject(new Error(`request ${index} still open`)), timeoutMs);
        closeWaiters.set(index, () => {
          clearTimeout(timer);
          resolve();
        });
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function play(step: FakeStep, wire: WireFormat, request: RecordedRequest, res: ServerResponse): void {
  switch (step.kind) {
    case 'hang':
      return;
    case 'error': {
      const body = step.body ?? wire.errorBody(step.status, request);
      sendJson(res, step.status, body, { ...defaultErrorHeaders(step.status), ...step.headers });
      return;
    }
    case 'raw':
      startEventStream(res);
      res.end(step.text);
      return;
    case 'hang_after':
      startEventStream(res);
      for (const event of [...wire.start(request), ...step.chunks.map(wire.delta)]) res.write(event);
      return;
    case 'midstream_error':
      startEventStream(res);
      for (const event of [...wire.start(request), ...(step.chunks ?? []).map(wire.delta)]) res.write(event);
      res.end(wire.midstreamError());
      return;
    case 'stream': {
      startEventStream(res);
      const events = [...wire.start(request), ...step.chunks.map(wire.delta), ...wire.finish()];
      void writeSlowly(res, events, step.delayMs ?? 0, step.splitEvents ?? false);
    }
  }
}

/** Writes each event (in two halves when `split`, to cut events across reads), then ends. */
async function writeSlowly(res: ServerResponse, events: string[], delayMs: number, split: boolean) {
  const writes = split ? events.flatMap((event) => halves(event)) : events;
  for (const text of writes) {
    if (res.destroyed) return;
    res.write(text);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  if (!res.destroyed) res.end();
}

function halves(text: string): string[] {
  const middle = Math.floor(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}

function startEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** Both APIs say when to come back after a 429 (and Anthropic after a 529). */
function defaultErrorHeaders(status: number): Record<string, string> {
  return status === 429 || status === 529 ? { 'retry-after': '7' } : {};
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** OpenAI echoes a rejected key with its middle starred out: its ends are still the secret's. */
export function maskedKey(key: string): string {
  return `${key.slice(0, 8)}${'*'.repeat(24)}${key.slice(-4)}`;
}

function bearerKey(request: RecordedRequest): string {
  return String(request.headers.authorization ?? '').replace(/^Bearer /, '');
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

function openAiWire(): WireFormat {
  const id = 'chatcmpl-9fZ0aQ1example';
  const created = 1_721_000_000;
  const chunk = (delta: Record<string, string>, finishReason: string | null) =>
    sse({
      id,
      object: 'chat.completion.chunk',
      created,
      model: OPENAI_MODEL,
      system_fingerprint: 'fp_0ba0d124f1',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
  const error = (message: string, type: string, code: string | null) => ({
    error: { message, type, param: null, code },
  });
  return {
    basePath: '/v1',
    endpoint: '/chat/completions',
    start: () => [chunk({ role: 'assistant', content: '' }, null)],
    delta: (text) => chunk({ content: text }, null),
    finish: () => [chunk({}, 'stop'), 'data: [DONE]\n\n'],
    midstreamError: () =>
      sse(
        error(
          'The server had an error while processing your request. Sorry about that!',
          'server_error',
          null,
        ),
      ),
    errorBody(status, request) {
      if (status === 401) {
        return error(
          `Incorrect API key provided: ${maskedKey(bearerKey(request))}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        );
      }
      if (status === 429) {
        return error(
          `Rate limit reached for ${OPENAI_MODEL} in organization org-example on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
          'requests',
          'rate_limit_exceeded',
        );
      }
      if (status === 404) {
        return error(
          'The model `unknown` does not exist or you do not have access to it.',
          'invalid_request_error',
          'model_not_found',
        );
      }
      if (status >= 500) {
        return error(
          'The server had an error while processing your request. Sorry about that!',
          'server_error',
          null,
        );
      }
      return error('Invalid request.', 'invalid_request_error', null);
    },
  };
}

const ANTHROPIC_ERRORS: Record<number, [type: string, message: string]> = {
  400: ['invalid_request_error', 'messages: at least one message is required'],
  401: ['authentication_error', 'invalid x-api-key'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'Not found'],
  429: ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.'],
  500: ['api_error', 'Internal server error'],
  529: ['overloaded_error', 'Overloaded'],
};

function anthropicWire(): WireFormat {
  const pair = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const error = (type: string, message: string) => ({
    type: 'error',
    error: { type, message },
    request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy',
  });
  return {
    basePath: '',
    endpoint: '/v1/messages',
    start: (request) => [
      pair('message_start', {
        message: {
          id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
          type: 'message',
          role: 'assistant',
          content: [],
          model: modelOf(request),
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 25, output_tokens: 1 },
        },
      }),
      pair('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      pair('ping', {}),
    ],
    delta: (text) => pair('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
    finish: () => [
      pair('content_block_stop', { index: 0 }),
      pair('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 15 },
      }),
      pair('message_stop', {}),
    ],
    midstreamError: () =>
      `event: error\ndata: ${JSON.stringify(error('overloaded_error', 'Overloaded'))}\n\n`,
    errorBody(status) {
      const [type, message] = ANTHROPIC_ERRORS[status] ?? ['api_error', 'Internal server error'];
      return error(type, message);
    },
  };
}

function modelOf(request: RecordedRequest): string {
  const body = request.body;
  return typeof body === 'object' && body !== null && 'model' in body ? String(body.model) : 'unknown';
}
