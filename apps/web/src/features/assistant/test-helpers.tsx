import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  AssistantConversation,
  AssistantMessagesResponse,
  AssistantStreamEvent,
} from '@teamboard/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** A response body the test writes to as it goes: what the server streams, piece by piece. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    send: (event: Omit<AssistantStreamEvent, 'id'> & { id?: number }) =>
      controller.enqueue(encoder.encode(`data: ${JSON.stringify({ id: 30, ...event })}\n\n`)),
    end: () => {
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
    close: () => controller.close(),
  };
}

/** The SSE text of a whole answer (three tips and the title), then the end marker. */
export function wholeAnswer(batchId = 30): string {
  const events: AssistantStreamEvent[] = [];
  (['tip1', 'tip2', 'tip3'] as const).forEach((model, index) => {
    events.push({ model, id: batchId, event: 'start', data: '', engine: [1, 0, 2][index] });
    events.push({ model, id: batchId, event: 'delta', data: `Answer ${index + 1}` });
    events.push({ model, id: batchId, event: 'done', data: '', messageId: 100 + index, sources: [] });
  });
  events.push({
    model: 'tip1',
    id: batchId,
    event: 'meta',
    data: '',
    conversationId: 5,
    title: 'Estimation',
  });
  return `: stream\n\n${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`;
}

export function makeConversation(overrides: Partial<AssistantConversation> = {}): AssistantConversation {
  return {
    id: 5,
    title: '',
    kind: 'standard',
    taskId: null,
    updatedAt: new Date().toISOString(),
    visible: true,
    ...overrides,
  };
}

export function emptyHistory(conversation = makeConversation()): AssistantMessagesResponse {
  return { conversation, messages: [], batches: [] };
}

/** A JSON answer built anew for each call (a Response body can be read once). */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Answer = Response | (() => Response) | { status?: number; body?: unknown };

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch: answers by `METHOD /path` (without /api), a Response as is, anything else as JSON;
 * unknown calls answer 404. Keeps every call with its parsed JSON body.
 */
export function stubApi(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
    const answer = answers[`${method} ${path}`];
    if (answer instanceof Response) return answer;
    if (typeof answer === 'function') return answer();
    const json = answer ?? { status: 404, body: { errors: ['Not Found'], code: 'NOT_FOUND' } };
    return new Response(json.body === undefined ? null : JSON.stringify(json.body), {
      status: json.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** Renders with Mantine, toasts, a fresh query cache (no retries) and a router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { queryClient };
}
