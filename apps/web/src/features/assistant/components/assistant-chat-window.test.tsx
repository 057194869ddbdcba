import type { AssistantConversation, AssistantEngine } from '@teamboard/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { controlledStream, json, makeConversation, renderWithProviders, stubApi } from '../test-helpers';
import { AssistantChatWindow } from './assistant-chat-window';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const engines: AssistantEngine[] = [
  { id: 0, key: 'lessons', offline: true, configured: true, model: null, vision: false },
  { id: 1, key: 'tips', offline: true, configured: true, model: null, vision: false },
  { id: 2, key: 'coach', offline: true, configured: true, model: null, vision: false },
  { id: 3, key: 'openai', offline: false, configured: true, model: 'qwen2.5:7b', vision: false },
  { id: 4, key: 'anthropic', offline: false, configured: false, model: null, vision: false },
];

function Harness() {
  const chat = useAssistantChat({ routeProjectId: 7 });
  return <AssistantChatWindow chat={chat} isPhone={false} onNavigate={() => undefined} />;
}

function setUp(extra: Parameters<typeof stubApi>[0] = {}) {
  const stream = controlledStream();
  // The server's list: the conversation is in it once created.
  let listed: AssistantConversation[] = [];
  const api = stubApi({
    'GET /assistant/conversations': () => json({ data: listed }),
    'GET /assistant/engines': { body: { data: engines } },
    'POST /assistant/conversations': () => {
      listed = [makeConversation()];
      return json(listed[0], 201);
    },
    'POST /assistant/conversations/5/responses': stream.response,
    ...extra,
  });
  renderWithProviders(<Harness />);
  return { stream, ...api };
}

const input = () => screen.getByRole('textbox', { name: 'Your message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

function ask(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key: 'Enter' });
}

/** Streams a whole three-tip answer (engines 1, 3, 2) through `stream`. */
async function answerAll(stream: ReturnType<typeof controlledStream>) {
  await act(async () => {
    stream.send({ model: 'tip1', event: 'start', data: '', engine: 1 });
    stream.send({ model: 'tip2', event: 'start', data: '', engine: 3 });
    stream.send({ model: 'tip3', event: 'start', data: '', engine: 2 });
    stream.send({ model: 'tip1', event: 'delta', data: 'Split the **story**.' });
    stream.send({ model: 'tip2', event: 'delta', data: 'Use planning poker.' });
    stream.send({ model: 'tip3', event: 'delta', data: 'Your sprint ends Friday.' });
  });
  await screen.findByText('Use planning poker.');
  await act(async () => {
    for (const [index, model] of (['tip1', 'tip2', 'tip3'] as const).entries())
      stream.send({ model, event: 'done', data: '', messageId: 100 + index, sources: [] });
    stream.send({ model: 'tip1', event: 'meta', data: '', conversationId: 5, title: 'How do we estimate?' });
    stream.end();
  });
  await screen.findByText('Did this help?');
}

describe('AssistantChatWindow', { timeout: 30_000 }, () => {
  it('creates the conversation with the first message and streams three tips side by side', async () => {
    const { stream, callsTo } = setUp();
    expect(sendButton().disabled).toBe(true);
    ask('How do we estimate?');
    await waitFor(() => expect(callsTo('POST', '/assistant/conversations/5/responses')).toHaveLength(1));
    expect(callsTo('POST', '/assistant/conversations')[0]?.body).toEqual({ kind: 'standard', taskId: null });
    expect(callsTo('POST', '/assistant/conversations/5/responses')[0]?.body).toEqual({
      prompt: 'How do we estimate?',
      image: null,
      language: 'en',
      projectId: 7,
    });
    expect(screen.getByText('How do we estimate?')).toBeTruthy();
    expect(screen.getByText('The assistant is thinking…')).toBeTruthy();

    await act(async () => {
      stream.send({ model: 'tip1', event: 'start', data: '', engine: 1 });
      stream.send({ model: 'tip2', event: 'start', data: '', engine: 3 });
      stream.send({ model: 'tip1', event: 'delta', data: 'Split the ' });
      stream.send({ model: 'tip1', event: 'delta', data: '**story**.' });
    });
    const tip1 = await screen.findByRole('article', { name: 'Tip 1 · Tip base' });
    expect(within(tip1).getByText('story').tagName).toBe('STRONG');
    expect(screen.getByRole('article', { name: 'Tip 2 · qwen2.5:7b' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Tip 3' })).toBeTruthy();

    // Send waits while any tip is missing, even with a new question typed.
    fireEvent.change(input(), { target: { value: 'And then?' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(callsTo('POST', '/assistant/conversations/5/responses')).toHaveLength(1);

    await act(async () => {
      stream.send({ model: 'tip1', event: 'reset', data: '', engine: 0 });
      stream.send({ model: 'tip1', event: 'delta', data: 'From the lessons.' });
    });
    expect(await screen.findByRole('article', { name: 'Tip 1 · Lessons learned' })).toBeTruthy();
    expect(screen.queryByText('story')).toBeNull();
    await act(async () => {
      for (const model of ['tip1', 'tip2', 'tip3'] as const) stream.send({ model, event: 'done', data: '' });
      stream.send({ model: 'tip1', event: 'meta', data: '', conversationId: 5, title: 'How do we estimate' });
      stream.end();
    });
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    // The title set after the first answer reaches the sidebar.
    expect(await screen.findByText('How do we estimate')).toBeTruthy();
  });

  it('choosing a tip makes it the answer: the batch folds to it, the others a click away', async () => {
    const { stream, callsTo } = setUp({
      'PATCH /assistant/batches/30': {
        body: { id: 30, chosenModel: 'tip2', disliked: false, helpful: null },
      },
    });
    ask('How do we estimate?');
    await answerAll(stream);
    const tip1 = screen.getByRole('article', { name: 'Tip 1 · Tip base' });
    expect(within(tip1).getByText('In use')).toBeTruthy();
    const tip2 = screen.getByRole('article', { name: 'Tip 2 · qwen2.5:7b' });
    fireEvent.click(within(tip2).getByRole('button', { name: 'Use this tip' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tip 1 · Tip base' })).toBeNull());
    expect(callsTo('PATCH', '/assistant/batches/30')[0]?.body).toEqual({ chosenModel: 'tip2' });
    const chosen = screen.getByRole('article', { name: 'Tip 2 · qwen2.5:7b' });
    expect(within(chosen).getByText('In use')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the other tips' }));
    expect(screen.getByRole('article', { name: 'Tip 1 · Tip base' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide the other tips' })).toBeTruthy();
  });

  it('dislikes the answer in use', async () => {
    const { stream, callsTo } = setUp({
      'POST /assistant/batches/30/dislike': {
        body: { id: 30, chosenModel: 'tip1', disliked: true, helpful: null },
      },
    });
    ask('How do we estimate?');
    await answerAll(stream);
    const tip1 = screen.getByRole('article', { name: 'Tip 1 · Tip base' });
    fireEvent.click(within(tip1).getByRole('button', { name: 'Dislike' }));
    await waitFor(() =>
      expect(within(tip1).getByRole('button', { name: 'Dislike' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(callsTo('POST', '/assistant/batches/30/dislike')).toHaveLength(1);
  });

  it.each([
    ['Yes', true],
    ['No', false],
  ])('answers "Did this help?" with %s and then thanks', async (label, helpful) => {
    const { stream, callsTo } = setUp({
      'POST /assistant/batches/30/feedback': {
        body: { batch: { id: 30, chosenModel: 'tip1', disliked: false, helpful }, feedback: null },
      },
    });
    ask('How do we estimate?');
    await answerAll(stream);
    expect(screen.getByText('Did this help?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(await screen.findByText('Thanks for your feedback!')).toBeTruthy();
    expect(callsTo('POST', '/assistant/batches/30/feedback')[0]?.body).toEqual({ helpful });
    expect(screen.queryByText('Did this help?')).toBeNull();
  });

  it('shows a failed answer as the bot’s reply, and lets the next question go', async () => {
    const { stream } = setUp();
    ask('How do we estimate?');
    await act(async () => {
      stream.send({
        model: 'tip1',
        event: 'error',
        data: 'The assistant could not answer this time. Please try again.',
      });
      stream.end();
    });
    expect(
      await screen.findByText('The assistant could not answer this time. Please try again.'),
    ).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'Again?' } });
    expect(sendButton().disabled).toBe(false);
  });

  it('shows the server’s refusal, localized, as the bot’s reply', async () => {
    setUp({
      'POST /assistant/conversations/5/responses': {
        status: 422,
        body: { errors: ['Escribe un mensaje o adjunta una imagen.'], code: 'ASSISTANT_EMPTY_MESSAGE' },
      },
    });
    ask('?');
    expect(await screen.findByText('Escribe un mensaje o adjunta una imagen.')).toBeTruthy();
  });
});

describe('AssistantChatWindow image tabs', { timeout: 30_000 }, () => {
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

  it('refuses a file that is not jpeg, png, gif or webp, and sends nothing', async () => {
    await changeLanguage('es');
    const { calls } = setUp();
    fireEvent.click(screen.getByRole('tab', { name: 'Código desde una imagen' }));
    fireEvent.change(fileInput(), {
      target: { files: [new File(['%PDF'], 'mockup.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await screen.findByText('Formato de imagen no permitido. Formatos permitidos: jpeg, png, gif, webp.'),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'La imagen que se enviará' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends a png mockup and frames the code answer sandboxed, from the signed preview page', async () => {
    const { stream, callsTo } = setUp({
      'POST /assistant/conversations': { status: 201, body: makeConversation({ kind: 'image_code' }) },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Code from an image' }));
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(fileInput(), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'mockup.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'The image to send' })).toBeTruthy();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(callsTo('POST', '/assistant/conversations/5/responses')).toHaveLength(1));
    expect(callsTo('POST', '/assistant/conversations')[0]?.body).toEqual({
      kind: 'image_code',
      taskId: null,
    });
    expect(callsTo('POST', '/assistant/conversations/5/responses')[0]?.body).toMatchObject({
      prompt: '',
      image: { base64: 'data:image/png;base64,iVBORw==', extension: 'png' },
    });
    await act(async () => {
      stream.send({ model: 'tip1', event: 'start', data: '', engine: 1 });
      stream.send({ model: 'tip1', event: 'delta', data: 'A login form.' });
      stream.send({
        model: 'tip1',
        event: 'done',
        data: '',
        messageId: 200,
        artifact: { kind: 'code', html: '<form></form>', css: 'form{}', js: 'console.log(1)' },
        previewUrl: '/api/assistant/previews/200?expires=1&signature=abc',
      });
      stream.end();
    });
    const frame = (await screen.findByTitle('Preview of the generated page')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/api/assistant/previews/200?expires=1&signature=abc');
    // An image answer fills tip1 only: no empty cards for the other slots.
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'JavaScript' }));
    expect(await screen.findByText('console.log(1)')).toBeTruthy();
  });
});
