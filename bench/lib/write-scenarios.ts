/**
 * The writes benchmark's (issue 21) requests and timers. One request at a time is timed here with
 * performance.now() over a kept-alive node:http connection, because autocannon keeps whole
 * milliseconds and the ceiling's writes take a fraction of one; ten at a time go through autocannon.
 */
import autocannon from 'autocannon';
import { Agent, request } from 'node:http';
import { BenchClient, inBatches } from './client.js';
import { percentile } from './figures.js';
import { cycle, type LoadRequest } from './load.js';

const SEED_IN_FLIGHT = 8;

export interface RunResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  /** Answers other than the expected ones, plus errors and timeouts. */
  failures: number;
  /** Unexpected answers by status code ('error' for no answer), to print when there are any. */
  unexpected: Record<string, number>;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** Sends one request on `agent` and times it until the whole answer has arrived. */
export function send(
  agent: Agent,
  baseUrl: string,
  { method, path, headers = {}, body }: LoadRequest,
): Promise<{ status: number; ms: number }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const bodyHeaders: Record<string, string | number> =
    data === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const outgoing = request(
      `${baseUrl}${path}`,
      { method, agent, headers: { ...headers, ...bodyHeaders } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - startedAt }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(data);
  });
}

/** Concurrency 1: one request after another for `seconds`, each timed to a fraction of a millisecond. */
export async function oneAtATime(
  baseUrl: string,
  seconds: number,
  next: () => LoadRequest,
  isExpected = isSuccess,
): Promise<RunResult> {
  const [result] = await inTurns([{ baseUrl, next, isExpected }], seconds);
  return result;
}

/** One of the servers `inTurns` sends to, with its requests. */
export interface Turn {
  baseUrl: string;
  next: () => LoadRequest;
  isExpected?: (status: number) => boolean;
}

/**
 * How long each server of `inTurns` is sent requests before the next one's turn: hundreds of
 * back-to-back requests, as when one server is timed alone, so that neither is timed waking up from
 * idle more often than the other.
 */
const TURN_MS = 250;

/**
 * Concurrency 1 on several servers in turn for `seconds` (TURN_MS of requests to the first, then to
 * the second, …): each one's figures come from the same moments of the machine's life, so their
 * ratio holds on a machine whose speed drifts from one minute to the next (a ceiling timed just
 * before did not).
 */
export async function inTurns<T extends Turn[]>(
  turns: [...T],
  seconds: number,
): Promise<{ [K in keyof T]: RunResult }> {
  const runs = turns.map((turn) => ({
    ...turn,
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    times: [] as number[],
    unexpected: {} as Record<string, number>,
  }));
  const startedAt = performance.now();
  try {
    while (performance.now() - startedAt < seconds * 1000) {
      for (const run of runs) {
        const turnEnds = performance.now() + TURN_MS;
        while (performance.now() < turnEnds) {
          const { status, ms } = await send(run.agent, run.baseUrl, run.next());
          run.times.push(ms);
          if (!(run.isExpected ?? isSuccess)(status))
            run.unexpected[status] = (run.unexpected[status] ?? 0) + 1;
        }
      }
    }
  } finally {
    for (const run of runs) run.agent.destroy();
  }
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const results = runs.map(({ times, unexpected }) => ({
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / elapsedSeconds,
    requests: times.length,
    failures: Object.values(unexpected).reduce((sum, count) => sum + count, 0),
    unexpected,
  }));
  return results as { [K in keyof T]: RunResult };
}

/** `connections` at once with autocannon for `seconds` (load.ts's `load`, counting answers by status). */
export function manyAtOnce(
  baseUrl: string,
  connections: number,
  seconds: number,
  next: () => LoadRequest,
  isExpected = isSuccess,
): Promise<RunResult> {
  const requests = [
    {
      setupRequest: (outgoing: autocannon.Request) => {
        const { method, path, headers = {}, body } = next();
        return {
          ...outgoing,
          method,
          path,
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        };
      },
    },
  ];
  return new Promise((resolve, reject) => {
    autocannon({ url: baseUrl, connections, duration: seconds, requests }, (error, result) => {
      if (error) return reject(error);
      const unexpected: Record<string, number> = {};
      for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {}))
        if (!isExpected(Number(status))) unexpected[status] = count;
      const noAnswer = result.errors + result.timeouts;
      if (noAnswer > 0) unexpected.error = noAnswer;
      resolve({
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        requests: result.requests.total,
        failures: Object.values(unexpected).reduce((sum, count) => sum + count, 0),
        unexpected,
      });
    });
  });
}

/**
 * The board's first load after a change (so no cached copy can answer): `change(round)`, then a
 * timed `read`, one after the other, `rounds` times (the idea of api.bench.ts's boardAfterChange).
 */
export async function readAfterChange(
  baseUrl: string,
  rounds: number,
  change: (round: number) => LoadRequest,
  read: LoadRequest,
): Promise<{ p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const changed = await send(agent, baseUrl, change(round));
      if (!isSuccess(changed.status)) throw new Error(`change before the read → ${changed.status}`);
      const { status, ms } = await send(agent, baseUrl, read);
      if (status !== 200) throw new Error(`${read.path} → ${status}`);
      times.push(ms);
    }
  } finally {
    agent.destroy();
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export interface SeededBoard {
  boardId: number;
  columnIds: number[];
  /** Every task with the column it is in, as GET /api/boards/:id answered after seeding. */
  tasks: { id: number; column_id: number }[];
}

/** A project, its board of 4 columns and `tasks` tasks spread over them, through the API. */
export async function seedBoard(client: BenchClient, tasks: number): Promise<SeededBoard> {
  type Created = { data: { id: number } };
  const project = await client.call<Created>('POST', '/api/projects', { name: 'Writes bench' });
  const board = await client.call<Created>('POST', `/api/projects/${project.data.id}/boards`, {
    name: `Board of ${tasks} tasks`,
  });
  const columnIds: number[] = [];
  for (const name of ['To do', 'Doing', 'Review', 'Done']) {
    const column = await client.call<Created>('POST', `/api/boards/${board.data.id}/columns`, { name });
    columnIds.push(column.data.id);
  }
  const indexes = Array.from({ length: tasks }, (_, index) => index);
  await inBatches(indexes, SEED_IN_FLIGHT, (index) =>
    client.call('POST', `/api/columns/${columnIds[index % columnIds.length]}/tasks`, {
      title: `Task ${index + 1}: a realistic title of a few words`,
    }),
  );
  const detail = await client.call<{ data: { tasks: { id: number; column_id: number }[] } }>(
    'GET',
    `/api/boards/${board.data.id}`,
  );
  return { boardId: board.data.id, columnIds, tasks: detail.data.tasks };
}

/**
 * Moves, half within a column (to its end) and half across: disjoint sets of tasks, so a task
 * moved within its column never left it, and an across move always names another column than
 * the one its task was last sent to. Only column_id: a neighbour (after_id) could have moved.
 */
export function mixedMoves(board: SeededBoard, headers: Record<string, string>): () => LoadRequest {
  const within = cycle(board.tasks.filter((_, index) => index % 2 === 0));
  const across = cycle(board.tasks.filter((_, index) => index % 2 === 1));
  const columnOf = new Map(board.tasks.map((task) => [task.id, task.column_id]));
  let count = 0;
  return () => {
    const isAcross = count++ % 2 === 1;
    const task = isAcross ? across() : within();
    let columnId = columnOf.get(task.id)!;
    if (isAcross) {
      columnId = board.columnIds[(board.columnIds.indexOf(columnId) + 1) % board.columnIds.length]!;
      columnOf.set(task.id, columnId);
    }
    return { method: 'POST', path: `/api/tasks/${task.id}/move`, headers, body: { column_id: columnId } };
  };
}

/** The other writes of a working day, each rotating over the board's tasks (or columns). */
export function otherWrites(
  board: SeededBoard,
  headers: Record<string, string>,
): [string, () => LoadRequest][] {
  const taskIds = board.tasks.map((task) => task.id);
  const renamed = cycle(taskIds);
  const completed = cycle(taskIds);
  const isCompleted = new Map<number, boolean>();
  const reported = cycle(taskIds);
  const column = cycle(board.columnIds);
  const today = new Date().toISOString().slice(0, 10);
  let titles = 0;
  return [
    [
      'task update',
      () => ({
        method: 'PUT',
        path: `/api/tasks/${renamed()}`,
        headers,
        body: { title: `Renamed ${++titles}` },
      }),
    ],
    [
      'task complete',
      () => {
        const id = completed();
        isCompleted.set(id, !isCompleted.get(id));
        return { method: 'PUT', path: `/api/tasks/${id}`, headers, body: { completed: isCompleted.get(id) } };
      },
    ],
    [
      'hour report',
      () => ({
        method: 'POST',
        path: `/api/tasks/${reported()}/hours`,
        headers,
        body: { hours: 1, date: today },
      }),
    ],
    // Last: it grows the board, which the other figures want at its seeded size.
    [
      'task create',
      () => ({
        method: 'POST',
        path: `/api/columns/${column()}/tasks`,
        headers,
        body: { title: 'Bench task' },
      }),
    ],
  ];
}
