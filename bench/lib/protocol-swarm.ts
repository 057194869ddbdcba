import { CLIENT_MESSAGES, SERVER_MESSAGES, SOCKET_PATH, type JoinBoardAck } from '@teamboard/contract';
import { WebSocket } from 'ws';
import { ArrivalLog, untilQuiet } from './arrival-log.js';
import type { SocketAuth } from './socket-swarm.js';

const OPEN_TIMEOUT_MS = 10_000;

/**
 * Socket.IO clients that speak the wire protocol themselves (Engine.IO 4 packets, Socket.IO 5 packets
 * in them) on the `ws` library — the client library of the raw-ws ceiling. Each frame costs this
 * process what a ceiling client pays for one: a JSON.parse. The socket.io-client swarm (SocketSwarm)
 * pays its library's decoding and event dispatch fifty times over in this one process, where fifty
 * browsers would each pay it once in parallel, so it measures the benchmark as much as the server.
 *
 * Engine.IO: "0{…}" open, "2"/"3" ping/pong, "4…" a message. Socket.IO inside a message: "0{auth}"
 * connect, "0{sid}" connected, "4{…}" connect error, "2[name,data]" event, "2<id>[…]" event with ack,
 * "3<id>[answer]" ack.
 */
export class ProtocolSwarm {
  readonly arrivals = new ArrivalLog();
  private readonly sockets: WebSocket[] = [];
  private readonly pendingAcks = new Map<string, (answer: unknown) => void>();
  private nextAckId = 0;
  private lastOtherFrameAt = 0;
  droppedSockets = 0;
  private isClosing = false;

  static async connect(url: string, auth: SocketAuth, count: number): Promise<ProtocolSwarm> {
    const swarm = new ProtocolSwarm();
    try {
      for (let index = 0; index < count; index++) swarm.sockets.push(await swarm.open(url, auth));
    } catch (error) {
      swarm.close();
      throw error;
    }
    return swarm;
  }

  private open(url: string, auth: SocketAuth): Promise<WebSocket> {
    const wsUrl = `${url.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`;
    const socket = new WebSocket(wsUrl);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket open timed out')), OPEN_TIMEOUT_MS);
      socket.on('message', (data) => {
        const frame = String(data);
        if (frame.startsWith('0')) socket.send(`40${JSON.stringify(auth)}`);
        else if (frame.startsWith('40')) {
          clearTimeout(timer);
          resolve(socket);
        } else if (frame.startsWith('44')) reject(new Error(`socket refused: ${frame.slice(2)}`));
        else this.received(socket, frame);
      });
      socket.once('error', reject);
      socket.once('close', () => {
        if (!this.isClosing) this.droppedSockets++;
      });
    });
  }

  private received(socket: WebSocket, frame: string): void {
    const receivedAt = performance.now();
    if (frame === '2') return socket.send('3');
    if (frame.startsWith('42[')) {
      const [name, event] = JSON.parse(frame.slice(2)) as [string, { type?: string; seq?: number }];
      if (name === SERVER_MESSAGES.boardEvent && event.type === 'task.moved' && event.seq !== undefined)
        this.arrivals.record(event.seq, receivedAt);
      else this.lastOtherFrameAt = receivedAt;
      return;
    }
    const ack = /^43(\d+)(\[.*)$/s.exec(frame);
    if (ack) {
      const [answer] = JSON.parse(ack[2]!) as [unknown];
      this.pendingAcks.get(ack[1]!)?.(answer);
      this.pendingAcks.delete(ack[1]!);
    }
  }

  /** Every socket joins the board; resolves with the version the answers named, and how many failed. */
  async join(boardId: number): Promise<{ failed: number; version: number }> {
    const answers = await Promise.all(
      this.sockets.map((socket) =>
        this.emitWithAck(socket, CLIENT_MESSAGES.joinBoard, { board_id: boardId }),
      ),
    );
    const versions = answers.flatMap((answer) => {
      const ack = answer as JoinBoardAck | undefined;
      return ack?.ok ? [ack.version] : [];
    });
    return { failed: this.sockets.length - versions.length, version: Math.max(0, ...versions) };
  }

  /** Until the presence broadcasts that the joins set off have gone quiet. */
  settle(quietMs = 300): Promise<void> {
    return untilQuiet(() => this.lastOtherFrameAt, quietMs);
  }

  private emitWithAck(socket: WebSocket, name: string, data: unknown): Promise<unknown> {
    const id = String(this.nextAckId++);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), OPEN_TIMEOUT_MS);
      this.pendingAcks.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      socket.send(`42${id}${JSON.stringify([name, data])}`);
    });
  }

  close(): void {
    this.isClosing = true;
    for (const socket of this.sockets) socket.terminate();
  }
}
