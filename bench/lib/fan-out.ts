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

/** One timed broadcast: a move sent, and when its event reached the first and the last subscribed socket. */
export interface TimedBroadcast {
  sentAt: number;
  respondedAt: number;
  firstReceivedAt: number;
  /** null when some socket did not hear it. */
  lastReceivedAt: number | null;
  missed: number;
}

/** A server to time broadcasts on, one move at a time. */
export interface Broadcaster {
  timeOne(): Promise<TimedBroadcast>;
}

/**
 * POST over node:http on a kept-alive connection, resolving with the moment the response head was
 * parsed: fetch adds about a millisecond of its own between the bytes arriving and its promise.
 */
export function timedPost(
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

/** The moment each of `count` sockets heard message `seq` (waited for before `cause` is sent). */
export async function timeBroadcast(
  arrivals: ArrivalLog,
  seq: number,
  count: number,
  cause: () => Promise<number>,
): Promise<TimedBroadcast> {
  const delivered = arrivals.until(seq, count, EVENT_TIMEOUT_MS);
  const sentAt = performance.now();
  const respondedAt = await cause();
  const receivedAt = await delivered;
  return {
    sentAt,
    respondedAt,
    lastReceivedAt: receivedAt.length === count ? Math.max(...receivedAt) : null,
    firstReceivedAt: Math.min(...receivedAt),
    missed: Math.max(0, count - receivedAt.length),
  };
}

type Heard = TimedBroadcast & { lastReceivedAt: number };

/** Percentiles of timed broadcasts. */
function fanOutResult(timed: TimedBroadcast[]): FanOutResult {
  // A partial delivery has no "last socket": its missed events are counted instead.
  const heard = timed.filter((one): one is Heard => one.lastReceivedAt !== null);
  // Events are sent as the transaction commits, before the response is written: often first.
  const afterResponse = heard.map((one) => Math.max(0, one.lastReceivedAt - one.respondedAt));
  const afterRequest = heard.map((one) => one.lastReceivedAt - one.sentAt);
  const firstAfterRequest = heard.map((one) => one.firstReceivedAt - one.sentAt);
  const responses = timed.map((one) => one.respondedAt - one.sentAt);
  return {
    lastAfterResponseP50: percentile(afterResponse, 50),
    lastAfterResponseP99: percentile(afterResponse, 99),
    lastAfterRequestP50: percentile(afterRequest, 50),
    lastAfterRequestP99: percentile(afterRequest, 99),
    firstAfterRequestP50: percentile(firstAfterRequest, 50),
    responseP50: percentile(responses, 50),
    missed: timed.reduce((sum, one) => sum + one.missed, 0),
  };
}

/** Moves each broadcaster times back to back before the next one's turn (as inTurns' TURN_MS). */
const MOVES_PER_TURN = 20;

/**
 * `rounds` timed moves on each broadcaster, in turns of MOVES_PER_TURN (after `warmUps` untimed
 * ones each): every figure comes from the same minutes of the machine's life, so their ratio holds
 * when its speed drifts, and each server is still timed on back-to-back moves, as it is alone.
 */
export async function broadcastsInTurns(
  broadcasters: Broadcaster[],
  { rounds, warmUps }: { rounds: number; warmUps: number },
): Promise<FanOutResult[]> {
  const timed = broadcasters.map(() => [] as TimedBroadcast[]);
  const warmUpMissed = broadcasters.map(() => 0);
  for (const [index, broadcaster] of broadcasters.entries())
    for (let round = 0; round < warmUps; round++)
      warmUpMissed[index]! += (await broadcaster.timeOne()).missed;
  for (let done = 0; done < rounds; done += MOVES_PER_TURN)
    for (const [index, broadcaster] of broadcasters.entries())
      for (let round = done; round < Math.min(rounds, done + MOVES_PER_TURN); round++)
        timed[index]!.push(await broadcaster.timeOne());
  return timed.map((one, index) => {
    const result = fanOutResult(one);
    return { ...result, missed: result.missed + warmUpMissed[index]! };
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
    const [result] = await broadcastsInTurns([this.broadcaster(subscribers)], { rounds: moves, warmUps });
    return result!;
  }

  /** Its moves as one of `broadcastsInTurns`' broadcasters, `subscribers` sockets in the room. */
  broadcaster(subscribers: number): Broadcaster {
    return { timeOne: () => this.move(subscribers) };
  }

  private move(subscribers: number): Promise<TimedBroadcast> {
    const columnId = this.columnIds[++this.moveCount % 2]!;
    const url = `${this.baseUrl}/api/tasks/${this.taskId}/move`;
    return timeBroadcast(this.arrivals, ++this.version, subscribers, () =>
      timedPost(this.agent, url, this.authHeaders, { column_id: columnId }),
    );
  }
}
