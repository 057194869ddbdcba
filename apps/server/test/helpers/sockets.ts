import {
  BoardEventSchema,
  CLIENT_MESSAGES,
  SERVER_MESSAGES,
  SOCKET_PATH,
  SocketReadySchema,
  type BoardEvent,
  type BoardPresence,
  type BoardRevoked,
  type JoinBoardAck,
  type SocketReady,
  type UserEvent,
} from '@teamboard/contract';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type { TokenHeaders } from './factories.js';

const WAIT_MS = 5000;

/** A Socket.IO client as the web app opens it, recording everything the server pushes. */
export class TestSocket {
  readonly events: BoardEvent[] = [];
  readonly presence: BoardPresence[] = [];
  readonly revoked: BoardRevoked[] = [];
  readonly userEvents: UserEvent[] = [];
  /** The SOCKET_ID_HEADER value the server handed this socket at connection (socket:ready). */
  private readyHeader: string | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(readonly socket: Socket) {
    socket.on(SERVER_MESSAGES.boardEvent, (event: unknown) => {
      // Every pushed event must match the contract exactly.
      this.events.push(BoardEventSchema.parse(event));
      this.wake();
    });
    socket.on(SERVER_MESSAGES.presence, (presence: BoardPresence) => this.record(this.presence, presence));
    socket.on(SERVER_MESSAGES.revoked, (revoked: BoardRevoked) => this.record(this.revoked, revoked));
    socket.on(SERVER_MESSAGES.userEvent, (event: UserEvent) => this.record(this.userEvents, event));
    socket.on(SERVER_MESSAGES.ready, (ready: SocketReady) => {
      this.readyHeader = SocketReadySchema.parse(ready).socket_header;
      this.wake();
    });
    socket.on('disconnect', () => this.wake());
  }

  /** What a request from this tab sends as SOCKET_ID_HEADER, as the web app learns it. */
  async idHeader(): Promise<string> {
    await this.until(() => this.readyHeader !== null, 'socket:ready');
    return this.readyHeader!;
  }

  get id(): string {
    return this.socket.id ?? '';
  }

  join(boardId: number): Promise<JoinBoardAck> {
    return this.socket.timeout(WAIT_MS).emitWithAck(CLIENT_MESSAGES.joinBoard, { board_id: boardId });
  }

  leave(boardId: number): Promise<{ ok: true }> {
    return this.socket.timeout(WAIT_MS).emitWithAck(CLIENT_MESSAGES.leaveBoard, { board_id: boardId });
  }

  /** Resolves once `condition` holds (checked after every message), or fails after a few seconds. */
  async until(condition: () => boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
    if (condition()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  /** Waits for `count` board events in all. */
  untilEvents(count: number): Promise<void> {
    return this.until(
      () => this.events.length >= count,
      `${count} board events (have ${this.events.length})`,
    );
  }

  close(): void {
    this.socket.disconnect();
  }

  private record<T>(list: T[], item: T): void {
    list.push(item);
    this.wake();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Opens a socket with the token triple (as the web app does); rejects with the server's refusal. */
export async function connectSocket(baseUrl: string, headers: TokenHeaders | null): Promise<TestSocket> {
  const socket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: headers
      ? { 'access-token': headers['access-token'], client: headers.client, uid: headers.uid }
      : {},
  });
  const client = new TestSocket(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return client;
}

/** Lets in-flight messages arrive before checking that something did NOT happen. */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts `app` on a free loopback port, for sockets to reach: its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
