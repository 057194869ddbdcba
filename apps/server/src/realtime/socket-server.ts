import {
  CLIENT_MESSAGES,
  JoinBoardInputSchema,
  SERVER_MESSAGES,
  SOCKET_PATH,
  type BoardRevoked,
  type JoinBoardAck,
  type PresentUser,
  type SocketReady,
} from '@teamboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { auditEntry, writeAudit } from '../lib/audit.js';
import type { ProbeKind } from '../lib/probe-tally.js';
import { LatestWins } from './latest-wins.js';
import { MessageLimits, type SocketAllowance } from './message-limits.js';
import { BoardPresenceTracker } from './presence.js';
import type { BoardEventDraft, RealtimePublisher } from './publisher.js';
import { isStampKind, type ChangeStamps } from '../lib/change-stamps.js';
import { connectRedisAdapter } from './redis-adapter.js';
import { currentRequestContext } from './request-context.js';
import { boardIdOf, boardRoom, projectRoom, userRoom } from './rooms.js';
import { socketProof } from './socket-proof.js';
import type { SocketData } from './socket-data.js';

/** What the real-time layer needs from the domain: passed in by app.ts, so it knows no feature. */
export interface RealtimeDeps {
  server: HttpServer;
  redisUrl: string | null;
  redisChannelPrefix: string;
  /** Signs each socket's SOCKET_ID_HEADER value (socket-proof.ts). */
  secretKey: string;
  /** What one user may send per second over all their sockets (message-limits.ts). */
  userMessagesPerSecond: number;
  log: FastifyBaseLogger;
  /** This app's change stamps: relayed to and from the other instances (with Redis). */
  stamps: ChangeStamps;
  /** The handshake's token triple → its user and session; throws when they are not valid. */
  authenticate(
    credentials: Record<string, string | undefined>,
  ): Promise<{ user: PresentUser; sessionId: number }>;
  /** False once the session was signed out or expired, or its user blocked. */
  isSessionActive(sessionId: number): Promise<boolean>;
  /** The board's version and project when the user may view it (docs/product.md matrix), else null. */
  viewableBoard(userId: number, boardId: number): Promise<{ version: number; projectId: number } | null>;
  /** Where refused joins are counted, per user and minute (lib/probe-tally.ts). */
  probes: { record(userId: number, kind: ProbeKind, ip: string): void };
}

export interface Realtime extends RealtimePublisher {
  readonly io: Server;
  /** Hears every board event published here, synchronously, before it is sent; returns the way to stop. */
  onBoardEvent(listener: (event: BoardEventDraft) => void): () => void;
  /** Before the HTTP server closes: open WebSockets would otherwise keep it waiting. */
  disconnectAll(): void;
  /** After: the Redis connections. */
  close(): Promise<void>;
  /** PINGs the Redis the rooms go through (the readiness probe); null without REDIS_URL. */
  readonly pingRedis: (() => Promise<void>) | null;
}

type AppSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** The acknowledgement callback of a message, answered at most once; a no-op when none was sent. */
function replyOnce(ack: unknown): (answer: unknown) => void {
  let answered = false;
  return (answer) => {
    if (answered || typeof ack !== 'function') return;
    answered = true;
    (ack as (answer: unknown) => void)(answer);
  };
}

function credentialsOf(socket: Socket): Record<string, string | undefined> {
  const auth = socket.handshake.auth as Record<string, unknown>;
  const pick = (name: string) => {
    const value = auth[name] ?? socket.handshake.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return { 'access-token': pick('access-token'), client: pick('client'), uid: pick('uid') };
}

/**
 * The token triple is checked once, at the handshake. It must not stay in the handshake: with the
 * Redis adapter, fetchSockets sends every remote socket's handshake through Redis.
 */
function forgetCredentials(socket: Socket): void {
  socket.handshake.auth = {};
  for (const name of ['access-token', 'client', 'uid']) delete socket.handshake.headers[name];
}

/** The server-to-server message that carries a change stamp (lib/change-stamps.ts) to every instance. */
const STAMP_MESSAGE = 'teamboard:stamp';

/**
 * Every instance hears of every change stamp bumped on another (through the Redis channel the rooms
 * use), so what each remembers of a user, a project or a board is dropped everywhere at once.
 */
function relayChangeStamps(io: Server, stamps: ChangeStamps): () => void {
  io.on(STAMP_MESSAGE, (kind: unknown, id: unknown) => {
    if (isStampKind(kind) && Number.isSafeInteger(id)) stamps.bumpHere(kind, id as number);
  });
  return stamps.addRelay((kind, id) => io.serverSideEmit(STAMP_MESSAGE, kind, id));
}

/**
 * Socket.IO on the API's HTTP server: one room per board, joined only by those who may see it,
 * checked again whenever access may have changed. With REDIS_URL the rooms span every instance.
 */
export async function createRealtime(deps: RealtimeDeps): Promise<Realtime> {
  const io = new Server(deps.server, { path: SOCKET_PATH, serveClient: false });
  const onRedisError = (error: Error) => deps.log.warn({ err: error }, 'Redis connection error');
  const redis = deps.redisUrl
    ? await connectRedisAdapter(io, deps.redisUrl, deps.redisChannelPrefix, onRedisError)
    : null;
  const stopRelay = redis ? relayChangeStamps(io, deps.stamps) : () => undefined;
  const boardListeners = new Set<(event: BoardEventDraft) => void>();
  const logError = (error: unknown) => deps.log.error({ err: error }, 'real-time broadcast failed');
  const presence = new BoardPresenceTracker(io, boardRoom, logError);
  const limits = new MessageLimits(deps.userMessagesPerSecond);

  io.use((socket, next) => {
    deps
      .authenticate(credentialsOf(socket))
      .then(({ user, sessionId }) => {
        forgetCredentials(socket);
        Object.assign(socket.data, { user, sessionId } satisfies SocketData);
        void socket.join(userRoom(user.id));
        next();
      })
      .catch(() => next(new Error('UNAUTHORIZED')));
  });

  io.on('connection', (socket: AppSocket) => {
    const ready: SocketReady = {
      socket_header: socketProof(deps.secretKey, socket.data.sessionId, socket.id),
    };
    (socket as Socket).emit(SERVER_MESSAGES.ready, ready);
    const allowance = limits.open(socket.data.user.id);
    const roomChanges = new LatestWins();
    socket.use((packet, next) => admit(socket, allowance, packet, next));
    socket.on(CLIENT_MESSAGES.joinBoard as never, (payload: unknown, ack: unknown) => {
      const answer = replyOnce(ack);
      roomChanges.submit(
        () =>
          joinBoard(socket, payload).then(answer, (error: unknown) => {
            deps.log.error({ err: error }, 'board:join failed');
            answer({ ok: false, code: 'INTERNAL_ERROR' });
          }),
        () => answer({ ok: false, code: 'SUPERSEDED' }),
      );
    });
    socket.on(CLIENT_MESSAGES.leaveBoard as never, (_payload: unknown, ack: unknown) => {
      const answer = replyOnce(ack);
      const leave = async () => {
        leaveBoardRooms(socket);
        answer({ ok: true });
      };
      roomChanges.submit(leave, () => answer({ ok: true }));
    });
    socket.on('disconnecting', () => {
      const boardId = boardIdOf(socket.rooms);
      if (boardId !== null) presence.changed(boardId);
    });
    socket.on('disconnect', () => allowance.close());
  });

  /**
   * Every client→server message passes here first (message-limits.ts): over the socket's or the
   * user's allowance it is answered RATE_LIMITED without any work, and a socket that keeps at it is
   * disconnected, with an audit line.
   */
  function admit(socket: AppSocket, allowance: SocketAllowance, packet: unknown[], next: () => void): void {
    const verdict = allowance.check();
    if (verdict === 'accept') return next();
    replyOnce(packet.at(-1))({ ok: false, code: 'RATE_LIMITED' });
    if (verdict === 'refuse' || socket.disconnected) return;
    const context = {
      user_id: socket.data.user.id,
      ip: socket.handshake.address,
      route: `socket ${String(packet[0])}`,
      request_id: null,
    };
    writeAudit(deps.log, auditEntry('socket.flooding', context, new Date(), { socket_id: socket.id }));
    socket.disconnect(true);
  }

  async function joinBoard(socket: AppSocket, payload: unknown): Promise<JoinBoardAck> {
    const input = JoinBoardInputSchema.safeParse(payload);
    if (!input.success) return { ok: false, code: 'VALIDATION_FAILED' };
    if (!(await deps.isSessionActive(socket.data.sessionId))) {
      socket.disconnect(true);
      return { ok: false, code: 'UNAUTHORIZED' };
    }
    const boardId = input.data.board_id;
    const board = await deps.viewableBoard(socket.data.user.id, boardId);
    if (!board) {
      deps.probes.record(socket.data.user.id, 'refused_join', socket.handshake.address);
      return { ok: false, code: 'NOT_FOUND' };
    }
    leaveBoardRooms(socket);
    await socket.join([boardRoom(boardId), projectRoom(board.projectId)]);
    presence.changed(boardId);
    return { ok: true, board_id: boardId, version: board.version };
  }

  /** A socket is in one board room at a time (docs/spec.md §4: selecting a board leaves the previous one). */
  function leaveBoardRooms(socket: AppSocket): void {
    const boardId = boardIdOf(socket.rooms);
    for (const room of [...socket.rooms]) {
      if (room.startsWith('board:') || room.startsWith('project:')) void socket.leave(room);
    }
    if (boardId !== null) presence.changed(boardId);
  }

  /** Re-checks every socket looking at one of the project's boards; those that lost access leave. */
  async function recheckProject(projectId: number): Promise<void> {
    const sockets = await io.in(projectRoom(projectId)).fetchSockets();
    for (const socket of sockets) {
      const boardId = boardIdOf(socket.rooms);
      const data = socket.data as SocketData;
      if (boardId !== null && (await deps.viewableBoard(data.user.id, boardId))) continue;
      socket.leave(projectRoom(projectId));
      if (boardId === null) continue;
      socket.leave(boardRoom(boardId));
      socket.emit(SERVER_MESSAGES.revoked, { board_id: boardId } satisfies BoardRevoked);
      presence.changed(boardId);
    }
  }

  async function closeEndedSessions(userId: number): Promise<void> {
    for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
      if (!(await deps.isSessionActive((socket.data as SocketData).sessionId))) socket.disconnect(true);
    }
  }

  const attempt = (work: () => unknown) => {
    try {
      const result = work();
      if (result instanceof Promise) result.catch(logError);
    } catch (error) {
      logError(error);
    }
  };

  return {
    io,
    onBoardEvent(listener) {
      boardListeners.add(listener);
      return () => boardListeners.delete(listener);
    },
    board(event: BoardEventDraft) {
      for (const listener of boardListeners) attempt(() => listener(event));
      const { actorId, origin } = currentRequestContext();
      // Now, at commit, before the writer's HTTP response: everyone else's copy is what waits on a
      // change, while the writer's card has already moved on their own screen (the web app applies
      // its writes optimistically). The answer waits for the frames instead: about 0.2 ms for 50
      // sockets (docs/performance.md, "Real-time events"). Services call this only after their commit.
      attempt(() => {
        const room = boardRoom(event.board_id);
        io.to(room).emit(SERVER_MESSAGES.boardEvent, { ...event, actor_id: actorId, origin });
        // A deleted board's room closes: nobody is left subscribed to a channel that will never speak.
        if (event.type === 'board.deleted') io.in(room).socketsLeave(room);
      });
    },
    user(userIds, event) {
      attempt(() => {
        if (userIds.length > 0) io.to(userIds.map(userRoom)).emit(SERVER_MESSAGES.userEvent, event);
      });
    },
    projectAccessChanged: (projectId) => attempt(() => recheckProject(projectId)),
    sessionsEnded: (userId) => attempt(() => closeEndedSessions(userId)),
    disconnectAll() {
      presence.close();
      // Not io.close(): that closes the HTTP server too, which is Fastify's to close. And only this
      // instance's sockets: with the Redis adapter a plain disconnectSockets reaches every instance.
      io.local.disconnectSockets(true);
      io.engine.close();
    },
    async close() {
      stopRelay();
      await redis?.close();
    },
    pingRedis: redis ? () => redis.ping() : null,
  };
}
