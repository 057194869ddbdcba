import { SERVER_MESSAGES, SOCKET_ID_HEADER, SOCKET_PATH } from '@teamboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets, latestSocket } from '../test/fake-socket';
import { credentials, makeUser } from '../test/fixtures';
import { apiRequest } from './api-client';
import { clearSession, setSession } from './session';
import { getSocket, getSocketId, isOwnSocketId, startSocket } from './socket';

let stop: () => void = () => undefined;

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

function start() {
  const handlers = { onDropped: vi.fn(), onRefused: vi.fn() };
  stop = startSocket(handlers);
  return handlers;
}

describe('session socket', () => {
  it('opens none while signed out', () => {
    start();
    expect(fakeSockets).toHaveLength(0);
    expect(getSocket()).toBeNull();
  });

  it('connects with the token triple over WebSocket at SOCKET_PATH', () => {
    setSession(credentials, makeUser());
    start();
    expect(latestSocket().options).toEqual({
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { 'access-token': 'tok', client: 'cli', uid: 'ana@example.com' },
    });
  });

  it('closes on logout and reconnects with the new tokens on a new sign-in', () => {
    setSession(credentials, makeUser());
    start();
    const first = latestSocket();
    clearSession();
    expect(first.active).toBe(false);
    expect(getSocket()).toBeNull();
    setSession({ ...credentials, token: 'tok2' }, makeUser());
    expect(fakeSockets).toHaveLength(2);
    expect(latestSocket().options.auth).toMatchObject({ 'access-token': 'tok2' });
  });

  it('keeps the socket when only the user profile changes', () => {
    setSession(credentials, makeUser());
    start();
    setSession(credentials, makeUser({ name: 'Ana P.' }));
    expect(fakeSockets).toHaveLength(1);
  });

  it('sends its id on mutating requests only, once connected', async () => {
    setSession(credentials, makeUser());
    start();
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const headersOf = (call: number) =>
      (fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;

    await apiRequest('/things', { method: 'POST' });
    expect(headersOf(0)).not.toHaveProperty(SOCKET_ID_HEADER);
    latestSocket().serverConnect('socket-9');
    expect(getSocketId()).toBe('socket-9');
    // Connected, but the server has not sent the socket's proof yet: nothing to claim.
    await apiRequest('/things', { method: 'POST' });
    expect(headersOf(1)).not.toHaveProperty(SOCKET_ID_HEADER);
    latestSocket().serverSend(SERVER_MESSAGES.ready, { socket_header: 'socket-9.proof' });
    await apiRequest('/things', { method: 'PUT' });
    await apiRequest('/things');
    await apiRequest('/things/1', { method: 'DELETE' });
    expect(headersOf(2)[SOCKET_ID_HEADER]).toBe('socket-9.proof');
    expect(headersOf(3)).not.toHaveProperty(SOCKET_ID_HEADER);
    expect(headersOf(4)[SOCKET_ID_HEADER]).toBe('socket-9.proof');
    latestSocket().serverDrop();
    await apiRequest('/things', { method: 'POST' });
    expect(headersOf(5)).not.toHaveProperty(SOCKET_ID_HEADER);
  });

  it('remembers its earlier ids across reconnections', () => {
    setSession(credentials, makeUser());
    start();
    latestSocket().serverConnect('first-id');
    latestSocket().serverDrop();
    latestSocket().serverConnect('second-id');
    expect(isOwnSocketId('first-id')).toBe(true);
    expect(isOwnSocketId('second-id')).toBe(true);
    expect(isOwnSocketId('someone-else')).toBe(false);
  });

  it('reports an unexpected drop, and reconnects itself after a server-side close', () => {
    setSession(credentials, makeUser());
    const handlers = start();
    const socket = latestSocket();
    socket.serverConnect();
    socket.serverDrop('transport close');
    expect(handlers.onDropped).toHaveBeenCalledTimes(1);
    const connect = vi.spyOn(socket, 'connect');
    socket.serverDrop('io server disconnect');
    expect(handlers.onDropped).toHaveBeenCalledTimes(2);
    expect(connect).toHaveBeenCalledTimes(1);
    socket.serverConnect();
    clearSession();
    expect(handlers.onDropped).toHaveBeenCalledTimes(2);
  });

  it('reports a refused handshake', () => {
    setSession(credentials, makeUser());
    const handlers = start();
    latestSocket().serverRefuse();
    expect(handlers.onRefused).toHaveBeenCalledTimes(1);
  });
});
