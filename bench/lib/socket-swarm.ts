import {
  CLIENT_MESSAGES,
  SERVER_MESSAGES,
  SOCKET_PATH,
  type BoardEvent,
  type JoinBoardAck,
} from '@teamboard/contract';
import { io, type Socket } from 'socket.io-client';
import { inBatches } from './client.js';

/** Handshakes in flight at once: 500 at a time would measure the machine choking, not the server. */
const CONNECT_CONCURRENCY = 25;
const CONNECT_TIMEOUT_MS = 10_000;
const ACK_TIMEOUT_MS = 5000;

/** The HTTP sign-in's token triple, which the socket handshake carries too. */
export interface SocketAuth {
  'access-token': string;
  client: string;
  uid: string;
}

export interface JoinResult {
  /** From the first emit to the last acknowledgement (or timeout). */
  ms: number;
  failed: number;
  /** The board version the acknowledgements named (the highest, if they differ). */
  version: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Many Socket.IO clients in this one process, each on its own WebSocket, timing the arrival of
 * every task.moved event by its seq. A frame is timed when this process's event loop gets to it,
 * after the frames queued before it: the times include the swarm's own work.
 */
export class SocketSwarm {
  readonly sockets: Socket[] = [];
  /** Arrival times (performance.now()) of task.moved events, by seq: one entry per socket. */
  private readonly arrivals = new Map<number, number[]>();
  private waiter: { seq: number; count: number; finish: () => void } | null = null;
  private lastPresenceAt = 0;
  private isClosing = false;
  /** Sockets the server (or the network) closed while the swarm was open. */
  droppedSockets = 0;

  /** `count` sockets, spread round-robin over `urls` (socket i → urls[i % urls.length]). */
  static async connect(urls: string[], auth: SocketAuth, count: number): Promise<SocketSwarm> {
    const swarm = new SocketSwarm();
    const slots = Array.from({ length: count }, (_, index) => index);
    const sockets: Socket[] = new Array<Socket>(count);
    try {
      await inBatches(slots, CONNECT_CONCURRENCY, async (index) => {
        sockets[index] = await swarm.open(urls[index % urls.length]!, auth);
      });
    } catch (error) {
      for (const socket of sockets) socket?.disconnect();
      throw error;
    }
    swarm.sockets.push(...sockets);
    return swarm;
  }

  private async open(url: string, auth: SocketAuth): Promise<Socket> {
    // forceNew: without it socket.io-client multiplexes every io(url) onto one connection.
    const socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { ...auth },
      forceNew: true,
      reconnection: false,
      timeout: CONNECT_TIMEOUT_MS,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    socket.on(SERVER_MESSAGES.boardEvent, (event: BoardEvent) => {
      const receivedAt = performance.now();
      if (event.type === 'task.moved') this.arrived(event.seq, receivedAt);
    });
    socket.on(SERVER_MESSAGES.presence, () => {
      this.lastPresenceAt = performance.now();
    });
    socket.on('disconnect', () => {
      if (!this.isClosing) this.droppedSockets++;
    });
    return socket;
  }

  /** Every socket emits board:join in the same tick; resolves when the last has answered. */
  async join(sockets: Socket[], boardId: number): Promise<JoinResult> {
    const startedAt = performance.now();
    const answers = await Promise.allSettled(
      sockets.map(
        (socket) =>
          socket
            .timeout(ACK_TIMEOUT_MS)
            .emitWithAck(CLIENT_MESSAGES.joinBoard, { board_id: boardId }) as Promise<JoinBoardAck>,
      ),
    );
    const ms = performance.now() - startedAt;
    const acks = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    const versions = acks.flatMap((ack) => (ack.ok ? [ack.version] : []));
    return { ms, failed: sockets.length - versions.length, version: Math.max(0, ...versions) };
  }

  /**
   * Waits for the presence broadcasts that joins set off (debounced per board on the server) to go
   * quiet, so they do not share the wire with the events being timed.
   */
  async settle(quietMs = 300): Promise<void> {
    await sleep(quietMs);
    for (;;) {
      const quietFor = performance.now() - this.lastPresenceAt;
      if (quietFor >= quietMs) return;
      await sleep(quietMs - quietFor);
    }
  }

  /**
   * Arrival times of the event with `seq`, once `count` sockets have it or `timeoutMs` passed
   * (fewer times then: the rest were missed). Call it before the request that causes the event:
   * events may come before the HTTP response.
   */
  delivery(seq: number, count: number, timeoutMs: number): Promise<number[]> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(), timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waiter = null;
        resolve([...(this.arrivals.get(seq) ?? [])]);
      };
      this.waiter = { seq, count, finish };
      this.check();
    });
  }

  private arrived(seq: number, receivedAt: number): void {
    const times = this.arrivals.get(seq) ?? [];
    times.push(receivedAt);
    this.arrivals.set(seq, times);
    this.check();
  }

  private check(): void {
    const waiter = this.waiter;
    if (waiter && (this.arrivals.get(waiter.seq)?.length ?? 0) >= waiter.count) waiter.finish();
  }

  close(): void {
    this.isClosing = true;
    for (const socket of this.sockets) socket.disconnect();
  }
}
