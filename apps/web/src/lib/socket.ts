import { SERVER_MESSAGES, SOCKET_ID_HEADER, SOCKET_PATH, type SocketReady } from '@teamboard/contract';
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getSession, subscribeSession, type Credentials } from './session';
import { provideSocketIdHeader } from './socket-id';

export interface SocketHandlers {
  /** The connection dropped without us asking (server down, network gone). */
  onDropped(): void;
  /** The server refused the handshake: the tokens are no longer valid. */
  onRefused(): void;
}

let socket: Socket | null = null;
/**
 * The SOCKET_ID_HEADER value of the connected socket, as the server sent it (socket:ready): the
 * socket id with a proof that it is this session's, so no one else can claim it.
 */
let socketHeader: string | null = null;
/** The token triple the current socket authenticated with. */
let socketIdentity: string | null = null;
/**
 * Every id this page's sockets have had: a reconnection gets a new id, and the echo of a request
 * sent just before it still names the old one.
 */
const ownSocketIds = new Set<string>();
const listeners = new Set<() => void>();

function emitChange(): void {
  listeners.forEach((listener) => listener());
}

function identityOf(credentials: Credentials): string {
  return [credentials.token, credentials.client, credentials.uid].join('\n');
}

function open(credentials: Credentials, handlers: SocketHandlers): Socket {
  const next = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { 'access-token': credentials.token, client: credentials.client, uid: credentials.uid },
  });
  next.on('connect', () => {
    if (next.id) ownSocketIds.add(next.id);
  });
  next.on(SERVER_MESSAGES.ready, (ready: SocketReady) => {
    if (socket === next && typeof ready?.socket_header === 'string') socketHeader = ready.socket_header;
  });
  next.on('disconnect', (reason) => {
    if (socket === next) socketHeader = null;
    if (reason === 'io client disconnect') return;
    handlers.onDropped();
    // Socket.IO retries every other drop by itself, but not one the server initiated (a restart).
    if (reason === 'io server disconnect') next.connect();
  });
  next.on('connect_error', () => {
    // Still active means Socket.IO keeps retrying (server unreachable); inactive means refused.
    if (!next.active) handlers.onRefused();
  });
  return next;
}

function close(): void {
  socket?.disconnect();
  socket = null;
  socketHeader = null;
  socketIdentity = null;
}

/**
 * Keeps one socket for the signed-in session: opened on sign-in, closed on logout, reopened with
 * the new tokens when the session changes. Returns the function that stops it.
 */
export function startSocket(handlers: SocketHandlers): () => void {
  function sync() {
    const session = getSession();
    const identity = session === null ? null : identityOf(session.credentials);
    if (identity === socketIdentity) return;
    close();
    if (session !== null) {
      socket = open(session.credentials, handlers);
      socketIdentity = identity;
    }
    emitChange();
  }
  sync();
  const unsubscribe = subscribeSession(sync);
  return () => {
    unsubscribe();
    close();
    emitChange();
  };
}

export function getSocket(): Socket | null {
  return socket;
}

/** The connected socket's id (what events name as `origin`); null while not connected. */
export function getSocketId(): string | null {
  return socket?.connected ? (socket.id ?? null) : null;
}

/** Mutating requests name their socket once the server has sent its proof; before that, none. */
provideSocketIdHeader((): Record<string, string> => {
  return socket?.connected && socketHeader !== null ? { [SOCKET_ID_HEADER]: socketHeader } : {};
});

export function isOwnSocketId(id: string): boolean {
  return ownSocketIds.has(id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session's socket (null while signed out); components re-render when it is replaced. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(subscribe, getSocket, getSocket);
}
