import { afterEach, describe, expect, it, vi } from 'vitest';
import { credentials, makeUser } from '../test/fixtures';
import { apiRequest } from './api-client';
import { pendingRequests } from './request-activity';
import { getSession, setSession } from './session';

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends JSON and the token headers when signed in', async () => {
    setSession(credentials, makeUser());
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    const response = await apiRequest<{ ok: boolean }>('/things', { method: 'POST', body: { a: 1 } });
    expect(response.data).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/things');
    expect(init.body).toBe('{"a":1}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers).toMatchObject({
      'access-token': 'tok',
      client: 'cli',
      uid: 'ana@example.com',
      expiry: '1999999999',
    });
  });

  it('sends no token headers when signed out', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/config');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).not.toHaveProperty('access-token');
  });

  it('throws the first error of the body', async () => {
    vi.stubGlobal('fetch', answer(422, { errors: ['email not valid', 'second'], code: 'EMAIL_NOT_VALID' }));
    await expect(apiRequest('/auth', { method: 'POST' })).rejects.toMatchObject({
      message: 'email not valid',
      status: 422,
      code: 'EMAIL_NOT_VALID',
    });
  });

  it('falls back to "Something unexpected happened." without an errors list', async () => {
    vi.stubGlobal('fetch', answer(500, { oops: true }));
    await expect(apiRequest('/x')).rejects.toThrow('Something unexpected happened.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/x')).rejects.toThrow('Something unexpected happened.');
  });

  it('gives up after 7000 ms with the time-out message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const request = apiRequest('/slow');
    const outcome = expect(request).rejects.toThrow(
      'Request timeout, something may be wrong with the network connection.',
    );
    await vi.advanceTimersByTimeAsync(6999);
    expect(pendingRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(pendingRequests()).toBe(0);
  });

  it('forces a logout on 401', async () => {
    setSession(credentials, makeUser());
    vi.stubGlobal('fetch', answer(401, { errors: ['Please sign in again.'], code: 'UNAUTHORIZED' }));
    await expect(apiRequest('/auth/validate_token')).rejects.toThrow('Please sign in again.');
    expect(getSession()).toBeNull();
  });

  it('does not log out on a failed sign-in', async () => {
    setSession(credentials, makeUser());
    vi.stubGlobal(
      'fetch',
      answer(401, { errors: ['Invalid email or password.'], code: 'INVALID_CREDENTIALS' }),
    );
    await expect(apiRequest('/auth/sign_in', { method: 'POST', isSignIn: true })).rejects.toThrow(
      'Invalid email or password.',
    );
    expect(getSession()).not.toBeNull();
  });

  it('counts requests in flight up and back down', async () => {
    let release: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const first = apiRequest('/a');
    expect(pendingRequests()).toBe(1);
    release(new Response('{}', { status: 200 }));
    await first;
    expect(pendingRequests()).toBe(0);
    vi.stubGlobal('fetch', answer(500));
    await expect(apiRequest('/b')).rejects.toThrow();
    expect(pendingRequests()).toBe(0);
  });
});
