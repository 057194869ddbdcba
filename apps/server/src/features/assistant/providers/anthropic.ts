import { z } from 'zod';
import { parseJson, streamAnswer, type EventReader, type RemoteError } from './event-stream.js';
import { DEFAULT_MAX_TOKENS, trimBaseUrl, type ChatTurn, type StreamChat } from './provider.js';

/**
 * Engine 4: Anthropic's Messages API. Streams message_start, content_block_start/delta/stop, ping,
 * message_delta and message_stop events; an `error` event can arrive at any point, even after a 200.
 */
const LABEL = 'Anthropic API';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | ContentBlock[];
}

export const streamAnthropic: StreamChat = (config, turns, options) => {
  const system = turns.filter((turn) => turn.role === 'system').map((turn) => turn.text);
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
  if (config.apiKey) headers['x-api-key'] = config.apiKey;
  return streamAnswer(
    {
      label: LABEL,
      url: anthropicMessagesUrl(config.baseUrl),
      headers,
      body: {
        model: config.model,
        max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
        stream: true,
        // The API has no system role inside messages; an empty system field is refused, so omit it.
        ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
        messages: turns.flatMap(toAnthropicMessage),
      },
      secret: config.apiKey,
      errorFromBody: anthropicError,
      createReader: createEventReader,
    },
    options,
  );
};

/** `{baseUrl}/v1/messages`; an empty base URL is Anthropic's, and a pasted `…/v1` is not doubled. */
export function anthropicMessagesUrl(baseUrl: string): string {
  const base = trimBaseUrl(baseUrl) || ANTHROPIC_DEFAULT_BASE_URL;
  return `${base.replace(/\/v1$/, '')}/v1/messages`;
}

/** System turns are left out (they go to `system`); an image comes before its text, as Anthropic advises. */
export function toAnthropicMessage(turn: ChatTurn): AnthropicMessage[] {
  if (turn.role === 'system') return [];
  if (!turn.image || turn.role !== 'user') return [{ role: turn.role, content: turn.text }];
  const { mediaType, base64 } = turn.image;
  const blocks: ContentBlock[] = [
    { type: 'image', source: { type: 'base64', media_type: mediaType, data: base64 } },
  ];
  // An empty text block is refused by the API.
  if (turn.text) blocks.push({ type: 'text', text: turn.text });
  return [{ role: 'user', content: blocks }];
}

const EventSchema = z.object({ type: z.string() });
const BlockStartSchema = z.object({
  content_block: z.object({ type: z.string(), text: z.string().nullish() }),
});
const BlockDeltaSchema = z.object({ delta: z.object({ type: z.string(), text: z.string().nullish() }) });
const MessageDeltaSchema = z.object({ delta: z.object({ stop_reason: z.string().nullish() }) });

function createEventReader(): EventReader {
  let hasStopReason = false;
  return {
    read(event) {
      const json = parseJson(event.data);
      const parsed = EventSchema.safeParse(json);
      if (!parsed.success) return { malformed: 'an event that is not a message event' };
      switch (parsed.data.type) {
        case 'content_block_start': {
          const block = BlockStartSchema.safeParse(json);
          if (!block.success) return { malformed: 'a content_block_start without its block' };
          const { type, text } = block.data.content_block;
          return { text: type === 'text' ? (text ?? '') : '' };
        }
        case 'content_block_delta': {
          // Thinking, signature and tool-input deltas are not part of the answer's text.
          const delta = BlockDeltaSchema.safeParse(json);
          if (!delta.success) return { malformed: 'a content_block_delta without its delta' };
          return { text: delta.data.delta.type === 'text_delta' ? (delta.data.delta.text ?? '') : '' };
        }
        case 'message_delta':
          if (MessageDeltaSchema.safeParse(json).data?.delta.stop_reason) hasStopReason = true;
          return { text: '' };
        case 'message_stop':
          return { end: true };
        case 'error':
          return { error: anthropicError(json) ?? { message: 'an unreadable error event', status: null } };
        default:
          // message_start, ping, content_block_stop, and events added later (the API's versioning policy).
          return { text: '' };
      }
    },
    isComplete: () => hasStopReason,
  };
}

/** The HTTP status each error type stands for (docs.anthropic.com, API errors). */
const ERROR_STATUSES: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

const ErrorBodySchema = z.object({ error: z.object({ type: z.string(), message: z.string() }) });

/** `{type:'error', error:{type, message}}`, as an error body and as an `error` event. */
export function anthropicError(body: unknown): RemoteError | null {
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const { type, message } = parsed.data.error;
  return { message: `${type}: ${message}`, status: ERROR_STATUSES[type] ?? null };
}
