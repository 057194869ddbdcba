import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slotTexts, streamEvents } from '../../helpers/assistant.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../../helpers/factories.js';
import { setAccount } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const LESSON = {
  title: 'Resolve merge conflicts with small branches',
  problem: 'Our git merges ended in huge conflicts every Friday before the demo.',
  solution:
    'Merge main into the feature branch every day and keep branches to one task; the conflicts became tiny.',
  tags: ['git', 'merge'],
  language: 'en',
};

describe.skipIf(!isDatabaseAvailable)('the assistant (docs/api-assistant.md)', () => {
  let t: TestApp;
  let anaHeaders: TokenHeaders;
  let anaId: number;
  let projectId: number;

  const as =
    (headers: TokenHeaders | null, extra: Record<string, string> = {}) =>
    (method: Method, url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { ...(headers ?? {}), ...extra },
        ...(payload ? { payload } : {}),
      });
  let ana: ReturnType<typeof as>;
  let beto: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;

  beforeEach(async () => {
    // The loopback fake providers are an allowed outgoing host, as a local Ollama would be.
    t = await buildTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
    anaId = (await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' })).id;
    anaHeaders = await signIn(t.app, 'ana@uni.example');
    ana = as(anaHeaders);
    await createUser(t.db, { email: 'beto@uni.example', name: 'Beto' });
    beto = as(await signIn(t.app, 'beto@uni.example'));
    const adminId = (await createUser(t.db, { email: 'admin@uni.example', name: 'Adela' })).id;
    await setAccount(t.db, adminId, { account_type: 'admin' });
    admin = as(await signIn(t.app, 'admin@uni.example'));
    projectId = (await ana('POST', '/api/projects', { name: 'Team A' })).json().data.id;
  });
  afterEach(() => t?.close());

  async function newConversation(api = ana, body: object = {}) {
    const created = await api('POST', '/api/assistant/conversations', body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number; title: string; kind: string };
  }

  async function ask(conversationId: number, body: object, api = ana) {
    const response = await api('POST', `/api/assistant/conversations/${conversationId}/responses`, body);
    return { response, ...streamEvents(response.body) };
  }

  async function publishLesson() {
    const written = await ana('POST', `/api/projects/${projectId}/lessons`, { ...LESSON, submit: true });
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().data.lesson_id as number;
    expect((await admin('POST', `/api/lessons/${id}/approve`)).statusCode).toBe(200);
    return id;
  }

  it('streams three different tips offline, stores them, and titles the conversation after the first answer', async () => {
    const lessonId = await publishLesson();
    const conversation = await newConversation();
    expect(conversation.title).toBe('');
    const { response, events, done } = await ask(conversation.id, {
      prompt: 'How do we avoid merge conflicts in git?',
      projectId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    // The stream writes its own head, with every answer's security headers.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(done).toBe(true);
    const batchId = events[0]!.id;
    expect(events.every((event) => event.id === batchId)).toBe(true);
    const finished = events.filter((event) => event.event === 'done');
    expect(finished.map((event) => event.model).sort()).toEqual(['tip1', 'tip2', 'tip3']);
    const texts = slotTexts(events);
    expect(new Set(Object.values(texts)).size).toBe(3);
    for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    // Slot engines offline: tip base, lessons learned, then the coach (here a tip: not a project question).
    expect(finished.find((event) => event.model === 'tip1')!.engine).toBe(1);
    expect(finished.find((event) => event.model === 'tip2')!.engine).toBe(0);
    expect(texts.tip2).toContain(`/lessons/${lessonId}`);
    expect(finished.find((event) => event.model === 'tip2')!.sources).toEqual([
      { kind: 'lesson', id: String(lessonId), title: LESSON.title, url: `/lessons/${lessonId}` },
    ]);
    const meta = events.find((event) => event.event === 'meta')!;
    expect(meta).toMatchObject({
      conversationId: conversation.id,
      title: 'How do we avoid merge conflicts in git?',
    });

    const stored = (await ana('GET', `/api/assistant/conversations/${conversation.id}/messages`)).json();
    expect(stored.conversation.title).toBe('How do we avoid merge conflicts in git?');
    expect(stored.messages.map((message: { role: string }) => message.role)).toEqual([
      'user',
      'bot',
      'bot',
      'bot',
    ]);
    expect(stored.batches).toEqual([{ id: batchId, chosenModel: 'tip1', disliked: false, helpful: null }]);
    for (const message of stored.messages.slice(1)) expect(message.content).toBe(texts[message.model]);
  });

  it("answers in Spanish when asked to, and the project coach answers about the asker's project", async () => {
    const conversation = await newConversation();
    const { events, done } = await ask(conversation.id, {
      prompt: '¿Cómo estimamos las historias de usuario?',
      language: 'es',
    });
    expect(done).toBe(true);
    const texts = slotTexts(events);
    expect(texts.tip1).toMatch(/[áéíóúñ¿]|historia|estim/i);
  });

  it('keeps conversations to their owner: another user gets 404 and changes nothing', async () => {
    const conversation = await newConversation();
    await ask(conversation.id, { prompt: 'How do we write good user stories?' });
    const batchId = (await ana('GET', `/api/assistant/conversations/${conversation.id}/messages`)).json()
      .batches[0].id;
    for (const [method, url, body] of [
      ['GET', `/api/assistant/conversations/${conversation.id}/messages`, undefined],
      ['PATCH', `/api/assistant/conversations/${conversation.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/assistant/conversations/${conversation.id}`, undefined],
      ['POST', `/api/assistant/conversations/${conversation.id}/responses`, { prompt: 'hi' }],
      ['PATCH', `/api/assistant/batches/${batchId}`, { chosenModel: 'tip2' }],
      ['POST', `/api/assistant/batches/${batchId}/dislike`, undefined],
      ['POST', `/api/assistant/batches/${batchId}/feedback`, { helpful: true }],
      ['POST', '/api/assistant/conversation/messages/withModels', { conversationId: conversation.id }],
    ] as const) {
      const response = await beto(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await beto('GET', '/api/assistant/conversations')).json().data).toEqual([]);
    const after = (await ana('GET', `/api/assistant/conversations/${conversation.id}/messages`)).json();
    expect(after.batches[0]).toMatchObject({ chosenModel: 'tip1', disliked: false, helpful: null });
    expect(after.messages).toHaveLength(4);
    expect((await as(null)('GET', '/api/assistant/conversations')).statusCode).toBe(401);
  });

  it('chooses a tip, dislikes a batch, and keeps a helpful exchange as lesson feedback', async () => {
    const conversation = await newConversation();
    await ask(conversation.id, { prompt: 'How long should our sprint demo be?' });
    const { batches, messages } = (
      await ana('GET', `/api/assistant/conversations/${conversation.id}/messages`)
    ).json();
    const batchId = batches[0].id as number;
    const chosen = await ana('PATCH', `/api/assistant/batches/${batchId}`, { chosenModel: 'tip3' });
    expect(chosen.json()).toMatchObject({ chosenModel: 'tip3' });
    // The SPEC's names map to the slots.
    const spec = await ana('PATCH', '/api/assistant/conversation/messageBatch', {
      messageBatchId: batchId,
      chosenModel: 'CLAUDE_3_5',
    });
    expect(spec.json()).toMatchObject({ chosenModel: 'tip2' });
    const bad = await ana('PATCH', `/api/assistant/batches/${batchId}`, { chosenModel: 'tip9' });
    expect(bad.statusCode).toBe(422);
    expect((await ana('POST', `/api/assistant/batches/${batchId}/dislike`)).json()).toMatchObject({
      disliked: true,
    });

    const feedback = await ana('POST', `/api/assistant/batches/${batchId}/feedback`, { helpful: true });
    expect(feedback.statusCode, feedback.body).toBe(200);
    const tip2 = messages.find((message: { model: string }) => message.model === 'tip2');
    expect(feedback.json()).toMatchObject({
      batch: { helpful: true },
      feedback: {
        user: { id: anaId, name: 'Ana' },
        question: 'How long should our sprint demo be?',
        answer: tip2.content,
        source: `engine_${tip2.engine}`,
      },
    });
    const rows = await t.db.selectFrom('lesson_feedback').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: anaId,
      batch_id: batchId,
      question: 'How long should our sprint demo be?',
    });
    // Answering again changes nothing.
    const again = await ana('POST', `/api/assistant/batches/${batchId}/feedback`, { helpful: false });
    expect(again.json()).toMatchObject({ batch: { helpful: true }, feedback: null });
    expect(await t.db.selectFrom('lesson_feedback').selectAll().execute()).toHaveLength(1);
  });

  it('"no" records the answer and keeps no feedback', async () => {
    const conversation = await newConversation();
    await ask(conversation.id, { prompt: 'How do we review code?' });
    const batchId = (await ana('GET', `/api/assistant/conversations/${conversation.id}/messages`)).json()
      .batches[0].id;
    const no = await ana('POST', '/api/assistant/conversation/feedback', {
      messageBatchId: batchId,
      helpful: false,
    });
    expect(no.json()).toMatchObject({ batch: { helpful: false }, feedback: null });
    expect(await t.db.selectFrom('lesson_feedback').selectAll().execute()).toHaveLength(0);
  });

  it('takes SPEC §7 lesson feedback at POST /api/lessons/create, recording the session user', async () => {
    const created = await ana('POST', '/api/lessons/create', {
      user: 9999,
      question: 'How do we split a story?',
      answer: 'By workflow steps.',
      source: 'tip1',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      user: { id: anaId },
      question: 'How do we split a story?',
      source: 'tip1',
    });
    const empty = await as(anaHeaders, { 'accept-language': 'es' })('POST', '/api/lessons/create', {
      question: ' ',
      answer: 'x',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0]).toBe('El texto no puede estar vacío.');
  });

  it('works on the SPEC §7 paths: list, create with a trailing slash, title, stream, delete', async () => {
    const created = await ana('POST', '/api/assistant/conversation/', {
      userId: anaId,
      mail: 'ana@uni.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const streamed = await ana('POST', '/api/assistant/chatbot/response', {
      conversationId: id,
      prompt: 'How do we run a daily stand-up?',
      image: null,
    });
    const { events, done } = streamEvents(streamed.body);
    expect(done).toBe(true);
    expect(events.filter((event) => event.event === 'done')).toHaveLength(3);
    for (const event of events)
      expect(Object.keys(event)).toEqual(expect.arrayContaining(['model', 'id', 'data']));
    const renamed = await ana('PUT', '/api/assistant/conversation/title', { id, title: 'Stand-ups' });
    expect(renamed.json()).toMatchObject({ id, title: 'Stand-ups' });
    const all = await ana('POST', '/api/assistant/conversation/all', { userId: anaId });
    expect(all.json().data.map((c: { title: string }) => c.title)).toEqual(['Stand-ups']);
    const withModels = await ana('POST', '/api/assistant/conversation/messages/withModels', {
      conversationId: id,
    });
    expect(withModels.json().messages).toHaveLength(4);
    expect((await ana('POST', '/api/assistant/conversation/delete', { conversationId: id })).statusCode).toBe(
      204,
    );
    expect((await ana('GET', '/api/assistant/conversations')).json().data).toEqual([]);
    expect(await t.db.selectFrom('assistant_messages').selectAll().execute()).toEqual([]);
    const user = await ana('POST', '/api/assistant/user/', { userId: anaId, mail: 'x', os: 'linux' });
    expect(user.json()).toEqual({ userId: anaId, mail: 'ana@uni.example' });
  });

  it('refuses an empty message and an image of another type with the localized message, storing nothing', async () => {
    const conversation = await newConversation();
    const es = as(anaHeaders, { 'accept-language': 'es' });
    const empty = await es('POST', `/api/assistant/conversations/${conversation.id}/responses`, {
      prompt: '  ',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0]).toBe('Escribe un mensaje o adjunta una imagen.');
    const bmp = await ana('POST', `/api/assistant/conversations/${conversation.id}/responses`, {
      prompt: 'Code for this',
      image: { base64: Buffer.from('BM fake bitmap').toString('base64'), extension: 'bmp' },
    });
    expect(bmp.statusCode).toBe(415);
    expect(bmp.json().errors[0]).toBe('Image format not allowed. Allowed formats: jpeg, png, gif, webp.');
    // A PDF named .png is judged by its bytes.
    const disguised = await ana('POST', `/api/assistant/conversations/${conversation.id}/responses`, {
      prompt: 'Code for this',
      image: { base64: Buffer.from('%PDF-1.4 not an image').toString('base64'), extension: 'png' },
    });
    expect(disguised.statusCode).toBe(415);
    expect(await t.db.selectFrom('assistant_messages').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('assistant_batches').selectAll().execute()).toEqual([]);
  });

  it('stores an uploaded image with the question and returns it as a data: URL', async () => {
    const conversation = await newConversation(ana, { kind: 'standard' });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { done } = await ask(conversation.id, {
      prompt: 'What is a good layout for this page?',
      image: { base64: `data:image/png;base64,${png.toString('base64')}`, extension: 'png' },
    });
    expect(done).toBe(true);
    const stored = (await ana('GET', `/api/assistant/conversations/${conversation.id}/messages`)).json();
    expect(stored.messages[0].imageBase64).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('lets a task give the chat its project: the coach answers about that project only for its members', async () => {
    const boardId = (await ana('POST', `/api/projects/${projectId}/boards`, { name: 'Sprint 1' })).json().data
      .id;
    const columnId = (await ana('POST', `/api/boards/${boardId}/columns`, { name: 'To do' })).json().data.id;
    const task = (
      await ana('POST', `/api/columns/${columnId}/tasks`, { title: 'Write the login page' })
    ).json().data;
    const conversation = await newConversation(ana, { taskId: task.id });
    expect(conversation).toMatchObject({ taskId: task.id });
    const { events: own, done } = await ask(conversation.id, { prompt: 'What should I do next?' });
    expect(done).toBe(true);
    const coach = own.find((event) => event.event === 'done' && event.engine === 2);
    expect(coach?.sources?.map((source) => source.title)).toContain('Write the login page');
    // Beto may not take Ana's task as context (its title would reach his engines), nor a task that does not exist.
    for (const taskId of [task.id, 2_000_000]) {
      const refused = await beto('POST', '/api/assistant/conversations', { taskId });
      expect(refused.statusCode).toBe(404);
    }
    expect(await t.db.selectFrom('assistant_conversations').selectAll().execute()).toHaveLength(1);
    // Beto is no member: asking with Ana's project id gives him no facts of it.
    const betoConversation = await newConversation(beto);
    const { events } = await ask(betoConversation.id, { prompt: 'What should I do next?', projectId }, beto);
    expect(JSON.stringify(events)).not.toContain('Write the login page');
  });

  it('lets only admins read and change the engine settings; keys are sealed and never returned', async () => {
    expect((await ana('GET', '/api/admin/assistant')).statusCode).toBe(403);
    const initial = (await admin('GET', '/api/admin/assistant')).json();
    expect(initial).toMatchObject({ slots: { tip1: 1, tip2: 0, tip3: 2 }, imageEngine: 'ocr' });
    expect(initial.engines.map((engine: { key: string }) => engine.key)).toEqual([
      'lessons',
      'tips',
      'coach',
      'openai',
      'anthropic',
    ]);
    const input = {
      slots: { tip1: 4, tip2: 0, tip3: 2 },
      imageEngine: 'ocr',
      openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: '', vision: false },
      anthropic: { baseUrl: 'http://127.0.0.1:9', model: 'claude-test', vision: true },
    };
    const unconfigured = await admin('PUT', '/api/admin/assistant', input);
    expect(unconfigured.statusCode).toBe(422);
    expect(unconfigured.json().code).toBe('ASSISTANT_ENGINE_NOT_CONFIGURED');
    const saved = await admin('PUT', '/api/admin/assistant', {
      ...input,
      anthropic: { ...input.anthropic, apiKey: 'sk-ant-secret-123' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('sk-ant-secret-123');
    expect(saved.json()).toMatchObject({
      slots: { tip1: 4 },
      anthropic: { hasKey: true, model: 'claude-test' },
    });
    const row = await t.db.selectFrom('assistant_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.anthropic_key).not.toContain('sk-ant-secret-123');
    // Saving without a key keeps it; null removes it (and the slot may no longer use the engine).
    expect((await admin('PUT', '/api/admin/assistant', input)).statusCode).toBe(200);
    const removed = await admin('PUT', '/api/admin/assistant', {
      ...input,
      slots: { tip1: 1, tip2: 0, tip3: 2 },
      anthropic: { ...input.anthropic, apiKey: null },
    });
    expect(removed.json().anthropic.hasKey).toBe(false);
    const engines = (await ana('GET', '/api/assistant/engines')).json().data;
    expect(engines[4]).toEqual({
      id: 4,
      key: 'anthropic',
      offline: false,
      configured: false,
      model: 'claude-test',
      vision: true,
    });
    expect(JSON.stringify(engines)).not.toContain('127.0.0.1');
    const audit = await t.db.selectFrom('audit_events').select('event').execute();
    expect(audit.filter((entry) => entry.event === 'assistant.settings_changed')).toHaveLength(3);
  });

  it('limits questions per person and minute: the next one is refused with 429 and stores nothing', async () => {
    const limited = await buildTestApp({ env: { ASSISTANT_QUESTIONS_PER_MINUTE: '2' } });
    try {
      await createUser(limited.db, { email: 'ana@uni.example', name: 'Ana' });
      const headers = await signIn(limited.app, 'ana@uni.example');
      const api = (method: Method, url: string, payload?: object) =>
        limited.app.inject({
          method,
          url,
          headers: { ...headers, 'accept-language': 'es' },
          ...(payload ? { payload } : {}),
        });
      const id = (await api('POST', '/api/assistant/conversations', {})).json().id as number;
      const askLimited = () =>
        api('POST', `/api/assistant/conversations/${id}/responses`, { prompt: 'How do we plan?' });
      expect((await askLimited()).statusCode).toBe(200);
      expect((await askLimited()).statusCode).toBe(200);
      const refused = await askLimited();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors[0]).toBe('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
      expect(await limited.db.selectFrom('assistant_batches').selectAll().execute()).toHaveLength(2);
      limited.clock.advance(60_000);
      expect((await askLimited()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
