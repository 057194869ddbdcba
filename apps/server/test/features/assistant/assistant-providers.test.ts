import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ANTHROPIC_VERSION,
  anthropicMessagesUrl,
  streamAnthropic,
} from '../../../src/features/assistant/providers/anthropic.js';
import {
  openAiError,
  streamOpenAiCompatible,
} from '../../../src/features/assistant/providers/openai-compatible.js';
import {
  ProviderError,
  type ChatTurn,
  type ProviderConfig,
  type StreamChat,
  type StreamOptions,
} from '../../../src/features/assistant/providers/provider.js';
import {
  maskedKey,
  startFakeAnthropic,
  startFakeOpenAi,
  type FakeLlmServer,
  type FakeScript,
} from '../../helpers/fake-llm-servers.js';

const API_KEY = 'sk-live-S3cretValue-0123456789-9f8e7d6c';
const TURNS: ChatTurn[] = [
  { role: 'system', text: 'You are a Scrum coach.' },
  { role: 'user', text: 'How long should a sprint be?' },
];
/** A 1×1 transparent PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface ProviderCase {
  name: string;
  stream: StreamChat;
  start: (script: FakeScript) => Promise<FakeLlmServer>;
  model: string;
  /** The provider's wire format for an answer cut off before its end marker. */
  truncated: string;
  /** The provider's in-stream error, as the midstream_error step sends it. */
  midstream: { status: number; words: string };
}

const providers: ProviderCase[] = [
  {
    name: 'OpenAI-compatible',
    stream: streamOpenAiCompatible,
    start: startFakeOpenAi,
    model: 'gpt-4o-mini',
    truncated:
      'data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Two"}}]}\n\n',
    midstream: { status: 500, words: 'The server had an error while processing your request' },
  },
  {
    name: 'Anthropic',
    stream: streamAnthropic,
    start: startFakeAnthropic,
    model: 'claude-sonnet-4-5',
    truncated:
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Two"}}\n\n',
    midstream: { status: 529, words: 'overloaded_error: Overloaded' },
  },
];

const fakes: FakeLlmServer[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function start(provider: ProviderCase, script: FakeScript): Promise<FakeLlmServer> {
  const fake = await provider.start(script);
  fakes.push(fake);
  return fake;
}

function configFor(provider: ProviderCase, fake: FakeLlmServer, apiKey: string | null = API_KEY) {
  return { baseUrl: fake.baseUrl, model: provider.model, apiKey } satisfies ProviderConfig;
}

function options(overrides: Partial<StreamOptions> = {}): StreamOptions {
  return { signal: new AbortController().signal, ...overrides };
}

/** The deltas received before the stream failed, and the failure. */
async function failure(stream: AsyncIterable<string>): Promise<{ deltas: string[]; error: ProviderError }> {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) deltas.push(delta);
  } catch (error) {
    if (error instanceof ProviderError) return { deltas, error };
    throw error;
  }
  throw new Error(`the stream ended without failing: ${deltas.join('')}`);
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

/** Every trace an error leaves where it may be logged. */
function traces(error: ProviderError): string {
  return `${error.message}\n${error.stack ?? ''}\n${JSON.stringify(error)}`;
}

describe.each(providers)('$name provider streaming', (provider) => {
  it('yields the text deltas in order, joined to the answer', async () => {
    const chunks = ['Two', ' weeks', ' is ', 'common', ', ¿sí?'];
    const fake = await start(provider, [{ kind: 'stream', chunks }]);
    const deltas = await collect(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(deltas).toEqual(chunks);
    expect(fake.requests).toHaveLength(1);
  });

  it('reads events cut across network reads', async () => {
    const chunks = ['Split ', 'events ', 'still ', 'join'];
    const fake = await start(provider, [{ kind: 'stream', chunks, delayMs: 5, splitEvents: true }]);
    const deltas = await collect(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(deltas.join('')).toBe('Split events still join');
  });

  it('reports a 429 as rate_limited and retryable, with the retry-after it was given', async () => {
    const fake = await start(provider, [{ kind: 'error', status: 429 }]);
    const { error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryable: true, retryAfterMs: 7000 });
    expect(error.message).toMatch(/rate limit/i);
  });

  it('reports a 500 as a retryable http error carrying the provider’s words', async () => {
    const fake = await start(provider, [{ kind: 'error', status: 500 }]);
    const { error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(error).toMatchObject({ kind: 'http', status: 500, retryable: true });
    expect(error.message).toContain('127.0.0.1');
  });

  it('reports a 401 as a final http error without the key, even the masked echo of it', async () => {
    const fake = await start(provider, [{ kind: 'error', status: 401 }]);
    const { error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(error).toMatchObject({ kind: 'http', status: 401, retryable: false });
    expect(error.message).toMatch(/401/);
    expect(traces(error)).not.toContain(API_KEY);
    expect(traces(error)).not.toContain(maskedKey(API_KEY));
    expect(traces(error)).not.toContain(API_KEY.slice(-4));
  });

  it('removes the key from an error body that quotes it whole', async () => {
    const body = {
      type: 'error',
      error: { type: 'authentication_error', message: `key ${API_KEY} is revoked` },
    };
    const fake = await start(provider, [{ kind: 'error', status: 403, body }]);
    const { error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(error.status).toBe(403);
    expect(error.message).toContain('[redacted]');
    expect(traces(error)).not.toContain(API_KEY);
  });

  it('fails with the provider’s in-stream error after the text that came first', async () => {
    const fake = await start(provider, [{ kind: 'midstream_error', chunks: ['Two', ' weeks'] }]);
    const { deltas, error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(deltas).toEqual(['Two', ' weeks']);
    expect(error).toMatchObject({ kind: 'http', status: provider.midstream.status, retryable: true });
    expect(error.message).toContain(provider.midstream.words);
  });

  it('times out a server that never answers within the first-token time-out, and hangs up', async () => {
    const fake = await start(provider, [{ kind: 'hang' }]);
    const startedAt = performance.now();
    const { error } = await failure(
      provider.stream(configFor(provider, fake), TURNS, options({ firstTokenTimeoutMs: 300 })),
    );
    const elapsed = performance.now() - startedAt;
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, status: null });
    expect(error.message).toContain('no answer within 300 ms');
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1500);
    await fake.clientClosed(0);
  });

  it('times out on the first token even while empty deltas keep bytes flowing', async () => {
    const chunks = Array.from({ length: 20 }, () => '');
    const fake = await start(provider, [{ kind: 'stream', chunks, delayMs: 50 }]);
    const { error } = await failure(
      provider.stream(
        configFor(provider, fake),
        TURNS,
        options({ firstTokenTimeoutMs: 300, idleTimeoutMs: 5000 }),
      ),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('no answer within 300 ms');
    await fake.clientClosed(0);
  });

  it('lets an answer run past the first-token time-out once its first token came', async () => {
    // Anthropic's first text comes after three events: at about 300 ms here, the whole answer at 1.5 s.
    const chunks = Array.from({ length: 12 }, (_, i) => `${i % 10}`);
    const fake = await start(provider, [{ kind: 'stream', chunks, delayMs: 100 }]);
    const deltas = await collect(
      provider.stream(
        configFor(provider, fake),
        TURNS,
        options({ firstTokenTimeoutMs: 800, idleTimeoutMs: 2000 }),
      ),
    );
    expect(deltas.join('')).toBe('012345678901');
  });

  it('times out a stream that goes silent after some text (idle time-out), and hangs up', async () => {
    const fake = await start(provider, [{ kind: 'hang_after', chunks: ['Two', ' weeks'] }]);
    const startedAt = performance.now();
    const { deltas, error } = await failure(
      provider.stream(
        configFor(provider, fake),
        TURNS,
        options({ firstTokenTimeoutMs: 10_000, idleTimeoutMs: 300 }),
      ),
    );
    expect(deltas).toEqual(['Two', ' weeks']);
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(error.message).toContain('no data for 300 ms');
    expect(performance.now() - startedAt).toBeLessThan(1500);
    await fake.clientClosed(0);
  });

  it('does not count a slow reader’s pauses as provider silence', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['a', 'b', 'c'] }]);
    const deltas: string[] = [];
    for await (const delta of provider.stream(
      configFor(provider, fake),
      TURNS,
      options({ idleTimeoutMs: 250 }),
    )) {
      deltas.push(delta);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(deltas).toEqual(['a', 'b', 'c']);
  });

  it('aborts the request when the caller’s signal aborts, and the server sees the socket close', async () => {
    const chunks = Array.from({ length: 1000 }, (_, i) => `word${i} `);
    const fake = await start(provider, [{ kind: 'stream', chunks, delayMs: 30 }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const run = (async () => {
      for await (const delta of provider.stream(
        configFor(provider, fake),
        TURNS,
        options({ signal: controller.signal }),
      )) {
        deltas.push(delta);
        if (deltas.length === 2) controller.abort();
      }
    })();
    const error: unknown = await run.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'aborted', retryable: false });
    expect(deltas).toEqual(['word0 ', 'word1 ']);
    await fake.clientClosed(0);
    expect(fake.requests[0]?.closedByClient).toBe(true);
  });

  it('yields nothing more after an abort, even text it already received', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => `word${i} `);
    const fake = await start(provider, [{ kind: 'stream', chunks }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const stream = provider.stream(configFor(provider, fake), TURNS, options({ signal: controller.signal }));
    const { error } = await failure(
      (async function* () {
        for await (const delta of stream) {
          deltas.push(delta);
          if (deltas.length === 2) controller.abort();
          yield delta;
        }
      })(),
    );
    expect(error.kind).toBe('aborted');
    expect(deltas).toEqual(['word0 ', 'word1 ']);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['never'] }]);
    const { error } = await failure(
      provider.stream(configFor(provider, fake), TURNS, options({ signal: AbortSignal.abort() })),
    );
    expect(error.kind).toBe('aborted');
    expect(fake.requests).toHaveLength(0);
  });

  it('hangs up when the caller stops reading early', async () => {
    const chunks = Array.from({ length: 1000 }, (_, i) => `word${i} `);
    const fake = await start(provider, [{ kind: 'stream', chunks, delayMs: 30 }]);
    for await (const delta of provider.stream(configFor(provider, fake), TURNS, options())) {
      expect(delta).toBe('word0 ');
      break;
    }
    // Without the hang-up the fake would keep the request open for 30 s. 2 s was once too short for
    // the close to reach it on a loaded 2-core CI machine (the server suite on PostgreSQL beside it).
    await fake.clientClosed(0, 10_000);
  });

  it('reports a stream cut before its end marker as a protocol error', async () => {
    const fake = await start(provider, [{ kind: 'raw', text: provider.truncated }]);
    const { deltas, error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(deltas).toEqual(['Two']);
    expect(error).toMatchObject({ kind: 'protocol', retryable: true });
  });

  it('reports an event that is not JSON as a protocol error', async () => {
    const fake = await start(provider, [{ kind: 'raw', text: 'data: {"choices": [\n\n' }]);
    const { error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(error).toMatchObject({ kind: 'protocol', retryable: false });
  });

  it('reports an error JSON answered with 200 instead of a stream', async () => {
    const body = { error: { type: 'api_error', message: 'model is loading' } };
    const fake = await start(provider, [{ kind: 'error', status: 200, body }]);
    const { error } = await failure(provider.stream(configFor(provider, fake), TURNS, options()));
    expect(error.kind).toBe('http');
    expect(error.message).toContain('model is loading');
  });

  it('reports a refused connection as a retryable network error', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const config = { baseUrl, model: provider.model, apiKey: API_KEY };
    const { error } = await failure(provider.stream(config, TURNS, options()));
    expect(error).toMatchObject({ kind: 'network', retryable: true, status: null });
    expect(error.message).toContain('ECONNREFUSED');
    expect(traces(error)).not.toContain(API_KEY);
  });

  it('refuses a key no HTTP header can carry without quoting it', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['never'] }]);
    const apiKey = `${API_KEY}\n`;
    const { error } = await failure(provider.stream(configFor(provider, fake, apiKey), TURNS, options()));
    expect(error.kind).toBe('protocol');
    expect(traces(error)).not.toContain(API_KEY);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('streamOpenAiCompatible', () => {
  const provider = providers[0] as ProviderCase;

  it('POSTs {baseUrl}/chat/completions with the bearer key and the chat body', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['ok'] }]);
    await collect(streamOpenAiCompatible(configFor(provider, fake), TURNS, options({ maxTokens: 256 })));
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are a Scrum coach.' },
        { role: 'user', content: 'How long should a sprint be?' },
      ],
      stream: true,
      max_tokens: 256,
    });
  });

  it('sends no Authorization without a key, and tolerates a trailing slash (Ollama)', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['ok'] }]);
    const config = { baseUrl: `${fake.baseUrl}/`, model: 'llama3.2', apiKey: null };
    expect(await collect(streamOpenAiCompatible(config, TURNS, options()))).toEqual(['ok']);
    expect(fake.requests[0]?.path).toBe('/v1/chat/completions');
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
    expect(fake.requests[0]?.body).toMatchObject({ max_tokens: 1024 });
  });

  it('sends an image as a text part and an image_url data URL', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['<main>'] }]);
    const turns: ChatTurn[] = [
      {
        role: 'user',
        text: 'Write this mockup as HTML.',
        image: { mediaType: 'image/png', base64: PNG_BASE64 },
      },
    ];
    await collect(streamOpenAiCompatible(configFor(provider, fake), turns, options()));
    expect(fake.requests[0]?.body).toMatchObject({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Write this mockup as HTML.' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          ],
        },
      ],
    });
  });

  it('accepts a server that closes after the finishing chunk without [DONE]', async () => {
    const text =
      'data: {"choices":[{"index":0,"delta":{"content":"Done"},"finish_reason":null}]}\n\n' +
      'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n';
    const fake = await start(provider, [{ kind: 'raw', text }]);
    expect(await collect(streamOpenAiCompatible(configFor(provider, fake), TURNS, options()))).toEqual([
      'Done',
    ]);
  });

  it('reads the error shapes of OpenAI, llama.cpp and vLLM', () => {
    expect(
      openAiError({ error: { message: 'Rate limited', type: 'requests', code: 'rate_limit_exceeded' } }),
    ).toEqual({ message: 'Rate limited', status: 429 });
    expect(openAiError({ error: 'model not loaded' })).toEqual({ message: 'model not loaded', status: null });
    expect(
      openAiError({ object: 'error', message: 'bad model', type: 'BadRequestError', code: 400 }),
    ).toEqual({
      message: 'bad model',
      status: 400,
    });
    expect(openAiError({ choices: [] })).toBeNull();
  });
});

describe('streamAnthropic', () => {
  const provider = providers[1] as ProviderCase;

  it('POSTs {baseUrl}/v1/messages with x-api-key, anthropic-version and system apart', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['ok'] }]);
    const turns: ChatTurn[] = [
      ...TURNS,
      { role: 'assistant', text: 'Usually two weeks.' },
      { role: 'system', text: 'Answer in Spanish.' },
      { role: 'user', text: '¿Y para un equipo nuevo?' },
    ];
    await collect(streamAnthropic(configFor(provider, fake), turns, options({ maxTokens: 300 })));
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request?.headers['x-api-key']).toBe(API_KEY);
    expect(request?.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 300,
      stream: true,
      system: 'You are a Scrum coach.\n\nAnswer in Spanish.',
      messages: [
        { role: 'user', content: 'How long should a sprint be?' },
        { role: 'assistant', content: 'Usually two weeks.' },
        { role: 'user', content: '¿Y para un equipo nuevo?' },
      ],
    });
  });

  it('sends an image as a base64 image block before its text', async () => {
    const fake = await start(provider, [{ kind: 'stream', chunks: ['As a user'] }]);
    const turns: ChatTurn[] = [
      { role: 'user', text: 'User stories, please.', image: { mediaType: 'image/png', base64: PNG_BASE64 } },
    ];
    await collect(streamAnthropic(configFor(provider, fake), turns, options()));
    expect(fake.requests[0]?.body).toMatchObject({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            { type: 'text', text: 'User stories, please.' },
          ],
        },
      ],
    });
    expect(fake.requests[0]?.body).not.toHaveProperty('system', '');
  });

  it('reports 529 overloaded as a retryable http error', async () => {
    const fake = await start(provider, [{ kind: 'error', status: 529 }]);
    const { error } = await failure(streamAnthropic(configFor(provider, fake), TURNS, options()));
    expect(error).toMatchObject({ kind: 'http', status: 529, retryable: true, retryAfterMs: 7000 });
    expect(error.message).toContain('overloaded_error');
  });

  it('keeps only text deltas: thinking deltas are not the answer', async () => {
    const event = (data: object) => `event: x\ndata: ${JSON.stringify(data)}\n\n`;
    const text = [
      event({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm' } }),
      event({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Answer' } }),
      event({ type: 'message_stop' }),
    ].join('');
    const fake = await start(provider, [{ kind: 'raw', text }]);
    expect(await collect(streamAnthropic(configFor(provider, fake), TURNS, options()))).toEqual(['Answer']);
  });

  it('builds the messages URL from the base URL, Anthropic’s by default', () => {
    expect(anthropicMessagesUrl('')).toBe('https://api.anthropic.com/v1/messages');
    expect(anthropicMessagesUrl('https://api.anthropic.com/')).toBe('https://api.anthropic.com/v1/messages');
    expect(anthropicMessagesUrl('https://proxy.example/anthropic/v1')).toBe(
      'https://proxy.example/anthropic/v1/messages',
    );
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
