import { REQUEST_TIMEOUT_MS } from '@teamboard/contract';
import { ApiError } from './api-error';
import { answered, idempotencyHeader } from './idempotency';
import i18n from './i18n';
import { requestFinished, requestStarted } from './request-activity';
import { authHeaders, clearSession, getSession } from './session';
import { socketIdHeader } from './socket-id';
import { markTermsRequired, TERMS_ACCEPTANCE_REQUIRED } from './terms-required-flag';

export const API_BASE = '/api';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  timeoutMs?: number;
  /** The sign-in call: its 401 is a wrong password, not an expired session. */
  isSignIn?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Status 0 marks failures with no HTTP answer (time-out, network down). */
const NO_RESPONSE = 0;

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFromBody(body: unknown, status: number): ApiError {
  const { errors, code } = (body ?? {}) as { errors?: unknown; code?: unknown };
  const first = Array.isArray(errors) ? errors[0] : undefined;
  const message = typeof first === 'string' && first !== '' ? first : i18n.t('errors:UNEXPECTED');
  return new ApiError(message, status, typeof code === 'string' ? code : undefined);
}

function buildInit(path: string, options: RequestOptions, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const session = getSession();
  if (session !== null) Object.assign(headers, authHeaders(session.credentials));
  const method = options.method ?? 'GET';
  // The events a change causes name this socket, so this tab knows to skip their echo.
  if (method !== 'GET') Object.assign(headers, socketIdHeader());
  // A create retried after a time-out must not create twice.
  if (method === 'POST') Object.assign(headers, idempotencyHeader(path, options.body));
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, signal, credentials: 'same-origin' };
}

/**
 * Calls the API: JSON in and out, token headers when signed in, a time-out (7000 ms by default),
 * the request-activity counter, and a forced logout on any 401 except a failed sign-in.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, buildInit(path, options, controller.signal));
    } catch {
      if (controller.signal.aborted) {
        throw new ApiError(i18n.t('errors:REQUEST_TIMEOUT'), NO_RESPONSE, 'REQUEST_TIMEOUT');
      }
      throw new ApiError(i18n.t('errors:UNEXPECTED'), NO_RESPONSE, 'UNEXPECTED');
    }
    if (options.method === 'POST') answered(path, options.body);
    const body = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && !options.isSignIn) clearSession();
      const error = errorFromBody(body, response.status);
      // New terms to accept: the app shows the accept-terms screen in place of the page.
      if (error.code === TERMS_ACCEPTANCE_REQUIRED) markTermsRequired();
      throw error;
    }
    return { data: body as T, status: response.status, headers: response.headers };
  } finally {
    clearTimeout(timer);
    requestFinished();
  }
}

export const api = {
  get: <T>(path: string) => apiRequest<T>(path).then((response) => response.data),
  post: <T>(path: string, body?: unknown) =>
    apiRequest<T>(path, { method: 'POST', body }).then((response) => response.data),
  put: <T>(path: string, body?: unknown) =>
    apiRequest<T>(path, { method: 'PUT', body }).then((response) => response.data),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }).then((response) => response.data),
};
