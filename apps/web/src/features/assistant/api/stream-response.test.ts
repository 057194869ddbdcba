import type { AssistantStreamEvent } from '@teamboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { controlledStream, stubApi, wholeAnswer } from '../test-helpers';
import { createStreamReader, streamResponse, type ChatRequestBody } from './stream-response';

afterEach(() => {
  vi.unstubAllGlobals();
});

const body: ChatRequestBody = { prompt: 'How do we estimate?', image: null, language: 'en', projectId: null };
const line = (event: Partial<AssistantStreamEvent>) =>
  `data: ${JSON.stringify({ model: 'tip1', id: 30, data: '', ...event })}\n\n`;

describe('createStreamReader', () => {
  it('passes on every assistant event, skips heartbeats and stops at [DONE]', () => {
    const events: AssistantStreamEvent[] = [];
    const reader = createStreamReader((event) => events.push(event));
    reader.feed(': stream\n\n');
    reader.feed(line({ event: 'start', engine: 1 }));
    reader.feed(': ping\n\n');
    reader.feed(line({ event: 'delta', data: 'Split ' }));
    reader.feed(line({ event: 'reset', engine: 0 }));
    reader.feed(line({ event: 'done', messageId: 7, sources: [] }));
    reader.feed(line({ event: 'meta', conversationId: 5, title: 'Estimation' }));
    expect(reader.isDone()).toBe(false);
    reader.feed('data: [DONE]\n\n');
    reader.feed(line({ event: 'delta', data: 'after the end' }));
    expect(reader.isDone()).toBe(true);
    expect(events.map((event) => event.event)).toEqual(['start', 'delta', 'reset', 'done', 'meta']);
    expect(events[4]?.title).toBe('Estimation');
  });

  it('reassembles an event split across chunks, wherever the network cut it', () => {
    const events: AssistantStreamEvent[] = [];
    const reader = createStreamReader((event) => events.push(event));
    const text = line({ event: 'delta', data: 'Dos palabras ñ' }) + 'data: [DO' + 'NE]\n\n';
    for (const piece of text.match(/.{1,7}/gs) ?? []) reader.feed(piece);
    expect(events).toEqual([{ model: 'tip1', id: 30, data: 'Dos palabras ñ', event: 'delta' }]);
    expect(reader.isDone()).toBe(true);
  });

  it('ignores lines that are not assistant events (bad JSON, unknown shape)', () => {
    const events: AssistantStreamEvent[] = [];
    const reader = createStreamReader((event) => events.push(event));
    reader.feed('data: {not json\n\n');
    reader.feed('data: {"model":"tip9","id":1,"data":"","event":"delta"}\n\n');
    reader.feed(line({ event: 'error', data: 'The assistant could not answer this time.' }));
    expect(events).toEqual([
      { model: 'tip1', id: 30, data: 'The assistant could not answer this time.', event: 'error' },
    ]);
  });
});

describe('streamResponse', () => {
  it('POSTs the question and hands over the events until [DONE]', async () => {
    const { calls } = stubApi({
      'POST /assistant/conversations/5/responses': () =>
        new Response(wholeAnswer(), { headers: { 'Content-Type': 'text/event-stream' } }),
    });
    const events: AssistantStreamEvent[] = [];
    await streamResponse(5, body, { signal: new AbortController().signal, onEvent: (e) => events.push(e) });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/assistant/conversations/5/responses', body });
    expect(events.filter((event) => event.event === 'done')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ event: 'meta', title: 'Estimation' });
  });

  it('throws the server refusal with its localized message (415 before the stream starts)', async () => {
    stubApi({
      'POST /assistant/conversations/5/responses': {
        status: 415,
        body: {
          errors: ['Image format not allowed. Allowed formats: jpeg, png, gif, webp.'],
          code: 'IMAGE_FORMAT_NOT_ALLOWED',
        },
      },
    });
    const failure = streamResponse(5, body, {
      signal: new AbortController().signal,
      onEvent: () => undefined,
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 415,
      code: 'IMAGE_FORMAT_NOT_ALLOWED',
      message: 'Image format not allowed. Allowed formats: jpeg, png, gif, webp.',
    });
  });

  it('fails with "Something unexpected happened." when the stream breaks off before [DONE]', async () => {
    const stream = controlledStream();
    stubApi({ 'POST /assistant/conversations/5/responses': stream.response });
    const events: AssistantStreamEvent[] = [];
    const failure = streamResponse(5, body, {
      signal: new AbortController().signal,
      onEvent: (e) => events.push(e),
    });
    stream.send({ model: 'tip1', event: 'delta', data: 'Half' });
    stream.close();
    await expect(failure).rejects.toMatchObject({
      code: 'UNEXPECTED',
      message: 'Something unexpected happened.',
    });
    expect(events).toHaveLength(1);
  });

  it('stops reading when the chat aborts, and rejects without another event', async () => {
    const stream = controlledStream();
    stubApi({ 'POST /assistant/conversations/5/responses': stream.response });
    const controller = new AbortController();
    const events: AssistantStreamEvent[] = [];
    const answer = streamResponse(5, body, { signal: controller.signal, onEvent: (e) => events.push(e) });
    stream.send({ model: 'tip1', event: 'delta', data: 'First' });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(events).toHaveLength(1);
  });
});
