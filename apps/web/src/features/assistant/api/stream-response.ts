import {
  AssistantStreamEventSchema,
  CHAT_REQUEST_TIMEOUT_MS,
  type AssistantStreamEvent,
  type Language,
} from '@teamboard/contract';
import { createParser } from 'eventsource-parser';
import { API_BASE } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import i18n from '../../../lib/i18n';
import { requestFinished, requestStarted } from '../../../lib/request-activity';
import { authHeaders, clearSession, getSession } from '../../../lib/session';
import { socketIdHeader } from '../../../lib/socket-id';
import { markTermsRequired, TERMS_ACCEPTANCE_REQUIRED } from '../../../lib/terms-required-flag';

/** The body of POST /api/assistant/conversations/:id/responses. */
export interface ChatRequestBody {
  prompt: string;
  /** A data: URL and its format, or null. */
  image: { base64: string; extension: string } | null;
  language: Language;
  projectId: number | null;
}

export const STREAM_END = '[DONE]';

/**
 * Feeds the text of an event stream and calls `onEvent` for each assistant event; returns whether
 * the `[DONE]` marker came. Heartbeats (`:` comments) and lines that are not an assistant event
 * are skipped: a proxy's or a newer server's extra lines must not break the answer.
 */
export function createStreamReader(onEvent: (event: AssistantStreamEvent) => void) {
  let isDone = false;
  const parser = createParser({
    onEvent: (message) => {
      if (isDone) return;
      if (message.data === STREAM_END) {
        isDone = true;
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = AssistantStreamEventSchema.safeParse(json);
      if (parsed.success) onEvent(parsed.data);
    },
  });
  return {
    feed: (chunk: string) => parser.feed(chunk),
    isDone: () => isDone,
  };
}

/** The API client's failure handling, for an answer that failed before its stream started. */
async function failureOf(response: Response): Promise<ApiError> {
  let body: { errors?: unknown; code?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the generic message below.
  }
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  const message = typeof first === 'string' && first !== '' ? first : i18n.t('errors:UNEXPECTED');
  const code = typeof body.code === 'string' ? body.code : undefined;
  if (response.status === 401) clearSession();
  if (code === TERMS_ACCEPTANCE_REQUIRED) markTermsRequired();
  return new ApiError(message, response.status, code);
}

function requestInit(body: ChatRequestBody, signal: AbortSignal): RequestInit {
  const session = getSession();
  return {
    method: 'POST',
    headers: {
      Accept: 'text/event-stream',
      'Content-Type': 'application/json',
      ...(session === null ? {} : authHeaders(session.credentials)),
      ...socketIdHeader(),
    },
    body: JSON.stringify(body),
    signal,
    credentials: 'same-origin',
  };
}

async function openStream(url: string, body: ChatRequestBody, signal: AbortSignal): Promise<Response> {
  // Only the wait for the first byte counts as request activity: the answer then shows itself.
  requestStarted();
  try {
    const response = await fetch(url, requestInit(body, signal));
    if (!response.ok) throw await failureOf(response);
    return response;
  } catch (error) {
    if (error instanceof ApiError || signal.aborted) throw error;
    throw new ApiError(i18n.t('errors:UNEXPECTED'), 0, 'UNEXPECTED');
  } finally {
    requestFinished();
  }
}

/**
 * POST /api/assistant/conversations/:id/responses, read as it streams (`data: <event>` lines, then
 * `data: [DONE]`). Resolves at the end marker; throws an ApiError with the localized message when
 * the server refuses the question (415, 422…) or the stream breaks off, and the abort reason when
 * `signal` aborts (the chat was closed). No idempotency key: a streamed answer cannot be replayed.
 */
export async function streamResponse(
  conversationId: number,
  body: ChatRequestBody,
  options: { signal: AbortSignal; onEvent: (event: AssistantStreamEvent) => void },
): Promise<void> {
  // One signal for both ends: the caller's (chat closed) and the SPEC's very long chat time-out.
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) stop();
  options.signal.addEventListener('abort', stop);
  const timer = setTimeout(() => controller.abort(), CHAT_REQUEST_TIMEOUT_MS);
  try {
    const url = `${API_BASE}/assistant/conversations/${conversationId}/responses`;
    const response = await openStream(url, body, controller.signal);
    const isDone = await readEvents(response, controller.signal, options.onEvent);
    if (options.signal.aborted) throw options.signal.reason;
    if (!isDone) {
      const code = controller.signal.aborted ? 'REQUEST_TIMEOUT' : 'UNEXPECTED';
      throw new ApiError(i18n.t(`errors:${code}`), 0, code);
    }
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
  }
}

/** Reads the body to its end marker; false when it broke off (or was aborted) before it. */
async function readEvents(
  response: Response,
  signal: AbortSignal,
  onEvent: (event: AssistantStreamEvent) => void,
): Promise<boolean> {
  // Nothing is handed on once aborted, even what had already arrived.
  const stream = createStreamReader((event) => {
    if (!signal.aborted) onEvent(event);
  });
  const reader = response.body?.getReader();
  if (reader === undefined) return false;
  // Aborting the request ends the body in browsers, not in every fetch: cancelling ends the read.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel);
  const decoder = new TextDecoder();
  try {
    while (!stream.isDone() && !signal.aborted) {
      const { value, done } = await reader.read();
      if (done) break;
      stream.feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    // A reset connection or an abort: the caller tells them apart.
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  // Past the end marker only heartbeats may follow: the connection is not needed any more.
  if (stream.isDone()) void reader.cancel().catch(() => undefined);
  return stream.isDone();
}
