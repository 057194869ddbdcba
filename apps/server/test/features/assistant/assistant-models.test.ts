import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slotTexts, streamEvents } from '../../helpers/assistant.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../../helpers/factories.js';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer } from '../../helpers/fake-llm-servers.js';
import { setAccount } from '../../helpers/projects.js';
import { listenOnLoopback } from '../../helpers/sockets.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const OPENAI_KEY = 'sk-openai-test-key-0001';
const ANTHROPIC_KEY = 'sk-ant-test-key-0002';

/**
 * Engines 3 and 4 through the chat, against loopback servers speaking the providers' real streaming
 * protocols (helpers/fake-llm-servers.ts): streamed text, errors, 429s and hangs — the fallback fills
 * the slot — and a client that goes away stops the model call.
 */
describe.skipIf(!isDatabaseAvailable)('the assistant with model providers', () => {
  let t: TestApp;
  let anaHeaders: TokenHeaders;
  let adminHeaders: TokenHeaders;
  const fakes: FakeLlmServer[] = [];

  beforeEach(async () => {
    t = await buildTestApp({
      env: {
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        ASSISTANT_FIRST_TOKEN_TIMEOUT_MS: '400',
        ASSISTANT_IDLE_TIMEOUT_MS: '400',
      },
    });
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
    anaHeaders = await signIn(t.app, 'ana@uni.example');
    const admin = await createUser(t.db, { email: 'admin@uni.example', name: 'Adela' });
    await setAccount(t.db, admin.id, { account_type: 'admin' });
    adminHeaders = await signIn(t.app, 'admin@uni.example');
  });
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.close()));
    await t?.close();
  });

  async function configure(
    openai: FakeLlmServer,
    anthropic: FakeLlmServer,
    slots = { tip1: 3, tip2: 4, tip3: 2 },
  ) {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/assistant',
      headers: adminHeaders,
      payload: {
        slots,
        imageEngine: 'ocr',
        openai: { baseUrl: openai.baseUrl, model: 'gpt-test', vision: false, apiKey: OPENAI_KEY },
        anthropic: { baseUrl: anthropic.baseUrl, model: 'claude-test', vision: false, apiKey: ANTHROPIC_KEY },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  async function conversation(): Promise<number> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/assistant/conversations',
      headers: anaHeaders,
      payload: {},
    });
    return created.json().id as number;
  }

  async function ask(prompt: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/assistant/conversations/${await conversation()}/responses`,
      headers: anaHeaders,
      payload: { prompt, language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    return streamEvents(response.body);
  }

  const started = async (
    openaiServer: Promise<FakeLlmServer>,
    anthropicServer: Promise<FakeLlmServer>,
  ): Promise<[FakeLlmServer, FakeLlmServer]> => {
    const servers = await Promise.all([openaiServer, anthropicServer]);
    fakes.push(...servers);
    return servers;
  };
  const engineOf = (events: ReturnType<typeof streamEvents>['events'], slot: string) =>
    events.find((event) => event.event === 'done' && event.model === slot)?.engine;

  it('streams each model into its slot, with the retrieved context and the key in the right header', async () => {
    const [openai, anthropic] = await started(
      startFakeOpenAi([{ kind: 'stream', chunks: ['Merge main ', 'into your branch ', 'every day.'] }]),
      startFakeAnthropic([{ kind: 'stream', chunks: ['Keep branches ', 'to one task.'] }]),
    );
    await configure(openai, anthropic);
    const { events, done } = await ask('How do we avoid merge conflicts in git?');
    expect(done).toBe(true);
    const texts = slotTexts(events);
    expect(texts.tip1).toBe('Merge main into your branch every day.');
    expect(texts.tip2).toBe('Keep branches to one task.');
    expect([engineOf(events, 'tip1'), engineOf(events, 'tip2')]).toEqual([3, 4]);
    expect(texts.tip3?.trim()).not.toBe('');

    const openaiRequest = openai.requests[0]!;
    expect(openaiRequest.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    const body = openaiRequest.body as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body).toMatchObject({ model: 'gpt-test', stream: true });
    expect(body.messages[0]!.role).toBe('system');
    // The tip base's best card is the model's context.
    expect(body.messages[0]!.content).toMatch(/Context:/);
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'How do we avoid merge conflicts in git?',
    });
    const anthropicRequest = anthropic.requests[0]!;
    expect(anthropicRequest.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(anthropicRequest.headers['anthropic-version']).toBe('2023-06-01');
  });

  it('fills a slot whose model answers 429, 500 or hangs with an offline engine, and no slot stays empty', async () => {
    const [openai, anthropic] = await started(
      startFakeOpenAi([{ kind: 'error', status: 429 }, { kind: 'hang' }]),
      startFakeAnthropic([
        { kind: 'error', status: 500 },
        { kind: 'hang_after', chunks: ['Half a tip'] },
      ]),
    );
    await configure(openai, anthropic);
    for (const question of ['How should we estimate user stories?', 'How do we run a good sprint review?']) {
      const { events, done } = await ask(question);
      expect(done).toBe(true);
      const texts = slotTexts(events);
      expect(Object.keys(texts).sort()).toEqual(['tip1', 'tip2', 'tip3']);
      for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
      expect(new Set(Object.values(texts)).size).toBe(3);
      expect([0, 1, 2]).toContain(engineOf(events, 'tip1'));
      expect([0, 1, 2]).toContain(engineOf(events, 'tip2'));
      expect(texts.tip2).not.toContain('Half a tip');
    }
    // The model that sent half a tip and went silent was reset before its fallback.
    const second = openai.requests.length + anthropic.requests.length;
    expect(second).toBe(4);
  });

  it('stops the model call when the client goes away', async () => {
    const [openai, anthropic] = await started(
      startFakeOpenAi([
        { kind: 'stream', chunks: Array.from({ length: 300 }, (_, i) => `word${i} `), delayMs: 100 },
      ]),
      startFakeAnthropic([
        { kind: 'stream', chunks: Array.from({ length: 300 }, (_, i) => `palabra${i} `), delayMs: 100 },
      ]),
    );
    await configure(openai, anthropic);
    const baseUrl = await listenOnLoopback(t.app);
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/assistant/conversations/${await conversation()}/responses`, {
      method: 'POST',
      headers: { ...anaHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'How do we write tests?' }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('word1 ')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    await openai.clientClosed(0, 3000);
    await anthropic.clientClosed(0, 3000);
    expect(openai.requests[0]!.closedByClient).toBe(true);
  });

  it('sends an image to a vision model in image mode; its code runs in the sandboxed preview', async () => {
    const [openai, anthropic] = await started(
      startFakeOpenAi([
        {
          kind: 'stream',
          chunks: ['Here it is.\n\n```html\n<main><h1>Hi</h1></main>\n```\n```css\nh1{color:red}\n```\n'],
        },
      ]),
      startFakeAnthropic([]),
    );
    await configure(openai, anthropic, { tip1: 1, tip2: 0, tip3: 2 });
    const enable = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/assistant',
      headers: adminHeaders,
      payload: {
        slots: { tip1: 1, tip2: 0, tip3: 2 },
        imageEngine: 'openai',
        openai: { baseUrl: openai.baseUrl, model: 'gpt-test', vision: true },
        anthropic: { baseUrl: anthropic.baseUrl, model: 'claude-test', vision: false },
      },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/assistant/conversations',
      headers: anaHeaders,
      payload: { kind: 'image_code' },
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/assistant/conversations/${created.json().id}/responses`,
      headers: anaHeaders,
      payload: { prompt: '', image: { base64: png.toString('base64'), extension: 'png' } },
    });
    const { events, done } = streamEvents(response.body);
    expect(done).toBe(true);
    const finished = events.filter((event) => event.event === 'done');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({
      model: 'tip1',
      engine: 3,
      artifact: { kind: 'code', html: '<main><h1>Hi</h1></main>', css: 'h1{color:red}', js: '' },
    });
    const sent = openai.requests[0]!.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(sent.messages.at(-1)!.content)).toContain('data:image/png;base64,');
    // The preview page runs the code sandboxed, framed only by the app.
    const preview = await t.app.inject({ method: 'GET', url: finished[0]!.previewUrl! });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.body).toContain('<main><h1>Hi</h1></main>');
    const tampered = await t.app.inject({
      method: 'GET',
      url: finished[0]!.previewUrl!.replace(/signature=./, 'signature=x'),
    });
    expect(tampered.statusCode).toBe(404);
  });

  it('refuses a provider address on a private network unless it is an allowed host', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/assistant',
      headers: { ...adminHeaders, 'accept-language': 'es' },
      payload: {
        slots: { tip1: 3, tip2: 0, tip3: 2 },
        imageEngine: 'ocr',
        openai: { baseUrl: 'http://10.0.0.7:11434/v1', model: 'llama3', vision: false },
        anthropic: { baseUrl: '', model: '', vision: false },
      },
    });
    expect(refused.json().code).toBe('ADDRESS_NOT_ALLOWED');
    expect(await t.db.selectFrom('assistant_settings').selectAll().execute()).toEqual([]);
  });
});
