import { z } from 'zod';
import { parseJson, streamAnswer, type EventReader, type RemoteError } from './event-stream.js';
import { DEFAULT_MAX_TOKENS, trimBaseUrl, type ChatTurn, type StreamChat } from './provider.js';

/**
 * Engine 3: any server speaking OpenAI's chat completions (OpenAI, Ollama, vLLM, llama.cpp server,
 * LM Studio). Streams `chat.completion.chunk` objects as `data:` events until `data: [DONE]`.
 */
const LABEL = 'OpenAI-compatible endpoint';

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

interface OpenAiMessage {
  role: ChatTurn['role'];
  content: string | ContentPart[];
}

export const streamOpenAiCompatible: StreamChat = (config, turns, options) =>
  streamAnswer(
    {
      label: LABEL,
      url: `${trimBaseUrl(config.baseUrl)}/chat/completions`,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      body: {
        model: config.model,
        messages: turns.map(toOpenAiMessage),
        stream: true,
        max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
      },
      secret: config.apiKey,
      errorFromBody: openAiError,
      createReader: createChunkReader,
    },
    options,
  );

/** A user turn with an image becomes content parts: the text, then the image as a data URL. */
export function toOpenAiMessage(turn: ChatTurn): OpenAiMessage {
  if (!turn.image || turn.role !== 'user') return { role: turn.role, content: turn.text };
  const parts: ContentPart[] = turn.text ? [{ type: 'text', text: turn.text }] : [];
  const url = `data:${turn.image.mediaType};base64,${turn.image.base64}`;
  parts.push({ type: 'image_url', image_url: { url } });
  return { role: turn.role, content: parts };
}

const ChunkSchema = z.object({
  // Azure's first chunk and the usage chunk have no choices.
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
});

function createChunkReader(): EventReader {
  let hasFinished = false;
  return {
    read(event) {
      if (event.data.trim() === '[DONE]') return { end: true };
      const json = parseJson(event.data);
      if (json === undefined) return { malformed: 'a chunk that is not JSON' };
      const remote = openAiError(json);
      if (remote) return { error: remote };
      const chunk = ChunkSchema.safeParse(json);
      if (!chunk.success) return { malformed: 'a chunk that is not a chat.completion.chunk' };
      const [choice] = chunk.data.choices;
      if (choice?.finish_reason) hasFinished = true;
      return { text: choice?.delta?.content ?? '' };
    },
    // A server that closes after the finishing chunk without [DONE] has still said everything.
    isComplete: () => hasFinished,
  };
}

const ErrorDetailSchema = z.object({
  message: z.string(),
  type: z.string().nullish(),
  code: z.union([z.string(), z.number()]).nullish(),
});

/**
 * The error in an OpenAI-style body: `{error:{message,type,code}}` (OpenAI, Ollama, LM Studio),
 * `{error:"…"}` (some llama.cpp and LocalAI builds) or `{object:"error",message}` (older vLLM).
 */
export function openAiError(body: unknown): RemoteError | null {
  const nested = z.object({ error: ErrorDetailSchema }).safeParse(body);
  if (nested.success) return remoteError(nested.data.error);
  const plain = z.object({ error: z.string() }).safeParse(body);
  if (plain.success) return { message: plain.data.error, status: null };
  const flat = ErrorDetailSchema.extend({ object: z.literal('error') }).safeParse(body);
  return flat.success ? remoteError(flat.data) : null;
}

function remoteError(detail: z.infer<typeof ErrorDetailSchema>): RemoteError {
  const code = detail.code ?? null;
  // OpenAI names a failure by type and code, not status, inside a stream.
  const status =
    code === 'rate_limit_exceeded'
      ? 429
      : detail.type === 'server_error'
        ? 500
        : typeof code === 'number'
          ? code
          : null;
  return { message: detail.message, status };
}
