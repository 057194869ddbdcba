import { Agent, request } from 'node:http';
import { percentile } from './figures.js';
import type { ArrivalLog } from './arrival-log.js';

/** How long a move's event may take to reach every subscribed socket before the rest count as missed. */
const EVENT_TIMEOUT_MS = 5000;

export interface FanOutResult {
  /** Last subscribed socket's receive time minus the move's HTTP response time (clamped at 0). */
  lastAfterResponseP50: number;
  lastAfterResponseP99: number;
  /** Last subscribed socket's receive time minus the time the move request was sent. */
  lastAfterRequestP50: number;
  lastAfterRequestP99: number;
  /** The first socket's, likewise: the rest of the last one's time is the sockets taking turns. */
  firstAfterRequestP50: number;
  /** The move's own HTTP round trip (the server emits to the room before it answers). */
  responseP50: number;
  /** Events that did not reach a subscribed socket within EVENT_TIMEOUT_MS. */
  missed: number;
}

/**
 * POST over node:http on a kept-alive connection, resolving with the moment the response head was
 * parsed: fetch adds about a millisecond of its own between the bytes arriving and its promise.
 */
function timedPost(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (response) => {
        const respondedAt = performance.now();
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(respondedAt)
            : reject(new Error(`POST ${url} → ${response.statusCode}`)),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(data);
  });
}

/**
 * Moves one task back and forth between two columns, one move at a time, and times its task.moved
 * event at every socket in the board room. The seq each move's event must carry is known in advance:
 * nothing else changes the board, and each change bumps its version by exactly one.
 */
export class FanOut {
  private moveCount = 0;
  // Kept-alive sockets are unref'd while idle: this agent never holds the process open.
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly baseUrl: string,
    private readonly authHeaders: Record<string, string>,
    private readonly arrivals: ArrivalLog,
    private readonly taskId: number,
    private readonly columnIds: [number, number],
    private version: number,
  ) {}

  /** `moves` timed moves with `subscribers` sockets in the room, after `warmUps` untimed ones. */
  async measure(subscribers: number, moves: number, warmUps = 1): Promise<FanOutResult> {
    let missed = 0;
    for (let index = 0; index < warmUps; index++) missed += (await this.move(subscribers)).missed;
    const afterResponse: number[] = [];
    const afterRequest: number[] = [];
    const firstAfterRequest: number[] = [];
    const responses: number[] = [];
    for (let index = 0; index < moves; index++) {
      const move = await this.move(subscribers);
      missed += move.missed;
      responses.push(move.respondedAt - move.sentAt);
      if (move.lastReceivedAt === null) continue;
      // Events are sent as the transaction commits, before the response is written: often first.
      afterResponse.push(Math.max(0, move.lastReceivedAt - move.respondedAt));
      afterRequest.push(move.lastReceivedAt - move.sentAt);
      firstAfterRequest.push(move.firstReceivedAt - move.sentAt);
    }
    return {
      lastAfterResponseP50: percentile(afterResponse, 50),
      lastAfterResponseP99: percentile(afterResponse, 99),
      lastAfterRequestP50: percentile(afterRequest, 50),
      lastAfterRequestP99: percentile(afterRequest, 99),
      firstAfterRequestP50: percentile(firstAfterRequest, 50),
      responseP50: percentile(responses, 50),
      missed,
    };
  }

  private async move(subscribers: number) {
    const seq = ++this.version;
    const delivered = this.arrivals.until(seq, subscribers, EVENT_TIMEOUT_MS);
    const columnId = this.columnIds[++this.moveCount % 2]!;
    const url = `${this.baseUrl}/api/tasks/${this.taskId}/move`;
    const sentAt = performance.now();
    const respondedAt = await timedPost(this.agent, url, this.authHeaders, { column_id: columnId });
    const receivedAt = await delivered;
    return {
      sentAt,
      respondedAt,
      // A partial delivery has no "last client": its missed events are counted instead.
      lastReceivedAt: receivedAt.length === subscribers ? Math.max(...receivedAt) : null,
      firstReceivedAt: Math.min(...receivedAt),
      missed: Math.max(0, subscribers - receivedAt.length),
    };
  }
}
