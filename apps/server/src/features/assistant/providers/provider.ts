/**
 * What the model engines (3: any OpenAI-compatible endpoint, 4: Anthropic) share: one conversation in,
 * text deltas out, every failure a ProviderError the slot orchestration can judge (retry, fall back).
 */

/** One message of a conversation as the assistant hands it to a model. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  text: string;
  /** Sent with user turns only: neither API takes an image from the system or the assistant. */
  image?: { mediaType: string; base64: string };
}

export interface ProviderConfig {
  /** `https://api.openai.com/v1`, `http://localhost:11434/v1`, `https://api.anthropic.com`… */
  baseUrl: string;
  model: string;
  /** null for a local server that wants none (Ollama, llama.cpp): no credential header is sent. */
  apiKey: string | null;
}

export type ProviderErrorKind = 'http' | 'rate_limited' | 'timeout' | 'protocol' | 'aborted' | 'network';

export interface ProviderErrorDetails {
  kind: ProviderErrorKind;
  status?: number | null;
  retryable: boolean;
  retryAfterMs?: number | null;
}

/** Every failure of a model call. Its message names the provider and host, never the API key. */
export class ProviderError extends Error {
  /** The HTTP status, or the one the provider's error type stands for (Anthropic's overloaded: 529). */
  readonly status: number | null;
  /** Worth trying again later (rate limit, overload, 5xx, time-out, dropped connection). */
  readonly retryable: boolean;
  readonly kind: ProviderErrorKind;
  /** What the provider's `retry-after` asked for; reported only, never waited for here. */
  readonly retryAfterMs: number | null;

  constructor(message: string, details: ProviderErrorDetails) {
    super(message);
    this.name = 'ProviderError';
    this.kind = details.kind;
    this.status = details.status ?? null;
    this.retryable = details.retryable;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

export interface StreamOptions {
  /** Aborting it aborts the HTTP request (kind 'aborted'). */
  signal: AbortSignal;
  maxTokens?: number;
  /** From the call until the first non-empty text delta. */
  firstTokenTimeoutMs?: number;
  /** Longest wait for the next bytes while the answer is being read. */
  idleTimeoutMs?: number;
}

/** Streams the model's answer to `turns` as text deltas; throws ProviderError. */
export type StreamChat = (
  config: ProviderConfig,
  turns: ChatTurn[],
  options: StreamOptions,
) => AsyncIterable<string>;

/** Anthropic requires max_tokens; the same cap keeps a chatty local model from running on. */
export const DEFAULT_MAX_TOKENS = 1024;
/** Generous: a local server may first load the model from disk. */
export const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 60_000;
/** Anthropic pings about every 15 s on a quiet stream; twice that is a dead stream. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/** Statuses that say "try again later" (Anthropic's overloaded is 529, Cloudflare's 52x too). */
const RETRYABLE_STATUSES = new Set([408, 409, 425, 500, 502, 503, 504, 520, 522, 524, 529]);

/** The error for a failed HTTP answer or an error event standing for one. */
export function statusError(message: string, status: number | null, retryAfterMs: number | null = null) {
  if (status === 429) {
    return new ProviderError(message, { kind: 'rate_limited', status, retryable: true, retryAfterMs });
  }
  const retryable = status !== null && RETRYABLE_STATUSES.has(status);
  return new ProviderError(message, { kind: 'http', status, retryable, retryAfterMs });
}

const MAX_REMOTE_TEXT = 300;

/**
 * Remote text fit for an error message: the key removed wherever it appears, and so is any masked
 * echo of it (OpenAI's 401 says "Incorrect API key provided: sk-proj-****…hX0A"), since its visible
 * ends are part of the secret too. Capped, so a proxy's HTML error page stays out of the logs.
 */
export function redactSecret(text: string, secret: string | null): string {
  let result = secret ? text.split(secret).join('[redacted]') : text;
  result = result.replace(/\S*\*{3,}\S*/g, '[redacted]');
  result = result.replace(/\s+/g, ' ').trim();
  return result.length > MAX_REMOTE_TEXT ? `${result.slice(0, MAX_REMOTE_TEXT)}…` : result;
}

/** `retry-after` as milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** `baseUrl` without trailing slashes, so `…/v1/` and `…/v1` reach the same path. */
export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}
