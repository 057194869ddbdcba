import {
  CLIENT_MESSAGES,
  SERVER_MESSAGES,
  SOCKET_PATH,
  type BoardEvent,
  type JoinBoardAck,
} from '@teamboard/contract';
import { io, type Socket } from 'socket.io-client';
import { ArrivalLog, untilQuiet } from './arrival-log.js';
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

/**
 * Many Socket.IO clients in this one process, each on its own WebSocket, timing the arrival of
 * every task.moved event by its seq. A frame is timed when this process's event loop gets to it,
 * after the frames queued before it: the times include the swarm's own work.
 */
export class SocketSwarm {
  readonly sockets: Socket[] = [];
  /** Arrival times of task.moved events, by seq: one entry per socket. */
  readonly arrivals = new ArrivalLog();
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
      if (event.type === 'task.moved') this.arrivals.record(event.seq, receivedAt);
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

  /** Until the presence broadcasts that the joins set off have gone quiet. */
  settle(quietMs = 300): Promise<void> {
    return untilQuiet(() => this.lastPresenceAt, quietMs);
  }

  close(): void {
    this.isClosing = true;
    for (const socket of this.sockets) socket.disconnect();
  }
}
