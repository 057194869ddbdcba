/**
 * Writes benchmark (issue 21, "writes as fast as reads"): a board of BENCH_TASKS tasks (default
 * 1,000) over 4 columns, seeded through the API of the built app, on SQLite then PostgreSQL. Every
 * write (move, create, update, complete, hour report) is timed one at a time and ten at a time and
 * set beside a naive ceiling measured in the same run (one at a time: in turn with each write, so
 * that both are timed at the same moments; the fan-out in turns with the raw broadcast; the rest just
 * before): one UPDATE … RETURNING on
 * Fastify + better-sqlite3 with the app's pragmas, an uncached SELECT of the board, and that move's
 * row sent to raw `ws` clients (bench/lib/write-ceiling.ts); for PostgreSQL's fan-out, that move made on
 * PostgreSQL. Budgets are ratios to that ceiling, so a slow, shared machine slows both. Prints a table per dialect and writes bench/results/writes.json.
 *   npm run build -w @teamboard/server && npm run bench:writes
 *   BENCH_DIALECTS=sqlite BENCH_TASKS=200 BENCH_SECONDS=2 npm run bench:writes   # a quick look
 * Knobs: BENCH_TASKS, BENCH_SECONDS (per load run, 5), BENCH_ROUNDS (first loads, 30),
 * BENCH_FAN_ROUNDS and BENCH_FAN_WARMUPS (fan-out moves timed, 200, after 100 untimed), BENCH_PORT
 * (4640; the apps take the next two), BENCH_DIALECTS (sqlite,postgres), BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test: a scratch database is made there).
 */
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import type { ArrivalLog } from './lib/arrival-log.js';
import { broadcastsInTurns, FanOut } from './lib/fan-out.js';
import { figure, memoryFigures, printFigures, writeResults, type Figure } from './lib/figures.js';
import type { LoadRequest } from './lib/load.js';
import { createScratchDatabase, type ScratchDatabase } from './lib/services.js';
import { ProtocolSwarm } from './lib/protocol-swarm.js';
import { SocketSwarm, type SocketAuth } from './lib/socket-swarm.js';
import {
  ceilingMoves,
  measureCeiling,
  RawClients,
  WriteCeiling,
  type CeilingRun,
} from './lib/write-ceiling.js';
import {
  inTurns,
  manyAtOnce,
  mixedMoves,
  otherWrites,
  readAfterChange,
  seedBoard,
  type RunResult,
  type SeededBoard,
} from './lib/write-scenarios.js';

const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 4640);
const DIALECTS = dialects(process.env.BENCH_DIALECTS ?? 'sqlite,postgres');
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.BENCH_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
/** Fan-out moves timed, after untimed ones: the steady state a class at work keeps the server in. */
const FAN = {
  rounds: Number(process.env.BENCH_FAN_ROUNDS ?? 200),
  warmUps: Number(process.env.BENCH_FAN_WARMUPS ?? 100),
};
const CONCURRENT = 10;
const SOCKETS = 50;
const EMAIL = 'bench-admin@example.edu';
const PASSWORD = 'bench password 123';

type Dialect = 'sqlite' | 'postgres';

function dialects(list: string): Dialect[] {
  const names = list.split(',').map((name) => name.trim());
  for (const name of names)
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_DIALECTS: unknown dialect ${name}`);
  return names as Dialect[];
}

/** Issue 21's budgets: PostgreSQL is a network hop and a process away, so it gets more room. */
const BUDGETS = {
  sqlite: { p50Times: 2, shareOfRps: 0.5, p99Ms: 20 },
  postgres: { p50Times: 4, shareOfRps: 0.25, p99Ms: 50 },
};

/** What the fan-out figures need: whose sockets, which board, which moves. */
interface FanOutSetup {
  dialect: Dialect;
  appUrl: string;
  ceilingUrl: string;
  boardId: number;
  auth: SocketAuth;
  /** The app's moves, timed at the sockets whose arrivals are logged, from the board's version. */
  movesSeenBy(arrivals: ArrivalLog, version: number): FanOut;
}

/**
 * A move's event reaching the last of SOCKETS sockets in the board room, twice: with clients that
 * speak Socket.IO's wire protocol on `ws` (ProtocolSwarm: the ceiling's client library, one
 * JSON.parse a frame, so the ratio compares the servers), timed in turns with the ceiling's raw ws
 * broadcasts after its naive move (on SQLite, and on PostgreSQL when that is the dialect), then with
 * socket.io-client alone (SocketSwarm, as realtime.bench.ts: its decoding, fifty times over in this
 * one process, is in that figure).
 */
async function fanOut(
  dialect: Dialect,
  app: BenchApp,
  ceiling: WriteCeiling,
  board: SeededBoard,
  headers: Record<string, string>,
) {
  const columns: [number, number] = [board.columnIds[0]!, board.columnIds[1]!];
  const setup: FanOutSetup = {
    dialect,
    appUrl: app.url,
    ceilingUrl: ceiling.url,
    boardId: board.boardId,
    auth: { 'access-token': headers['access-token']!, client: headers.client!, uid: headers.uid! },
    movesSeenBy: (arrivals, version) =>
      new FanOut(app.url, headers, arrivals, board.tasks[1]!.id, columns, version),
  };
  const wire = await fanOutBesideRawBroadcasts(setup);
  return { ...wire, library: await fanOutToLibraryClients(setup) };
}

async function fanOutBesideRawBroadcasts({
  dialect,
  appUrl,
  ceilingUrl,
  boardId,
  auth,
  movesSeenBy,
}: FanOutSetup) {
  const protocol = await ProtocolSwarm.connect(appUrl, auth, SOCKETS);
  let raw: RawClients | undefined;
  try {
    raw = await RawClients.connect(ceilingUrl, SOCKETS);
    const joined = await protocol.join(boardId);
    await protocol.settle();
    const [ours, rawOnSqlite, rawOnPostgres] = await broadcastsInTurns(
      [
        movesSeenBy(protocol.arrivals, joined.version).broadcaster(SOCKETS),
        raw.broadcaster('sqlite'),
        ...(dialect === 'postgres' ? [raw.broadcaster('postgres')] : []),
      ],
      FAN,
    );
    return {
      ...ours!,
      lost: ours!.missed + joined.failed + protocol.droppedSockets,
      rawOnSqlite: rawOnSqlite!,
      rawOnPostgres,
    };
  } finally {
    raw?.close();
    protocol.close();
  }
}

async function fanOutToLibraryClients({ appUrl, boardId, auth, movesSeenBy }: FanOutSetup) {
  const library = await SocketSwarm.connect([appUrl], auth, SOCKETS);
  try {
    const joined = await library.join(library.sockets, boardId);
    await library.settle();
    const result = await movesSeenBy(library.arrivals, joined.version).measure(
      SOCKETS,
      FAN.rounds,
      FAN.warmUps,
    );
    return { ...result, lost: result.missed + joined.failed + library.droppedSockets };
  } finally {
    library.close();
  }
}

interface Measured {
  revalidation: RunResult;
  firstLoad: { p50: number; p99: number };
  fan: Awaited<ReturnType<typeof fanOut>>;
  /** Each write one at a time (`one`, in turn with the ceiling's move: `ceilingOne`) and ten at a time. */
  writes: { name: string; one: RunResult; ceilingOne: RunResult; many: RunResult }[];
}

/** Reads first, on the board as seeded; then the writes, task create (which grows it) last. */
async function measureApp(dialect: Dialect, app: BenchApp, ceiling: WriteCeiling): Promise<Measured> {
  const client = new BenchClient(app.url);
  await client.signIn(EMAIL, PASSWORD);
  const board = await seedBoard(client, TASKS);
  const headers = client.authHeaders;
  const read: LoadRequest = { method: 'GET', path: `/api/boards/${board.boardId}`, headers };
  const first = await fetch(`${app.url}${read.path}`, { headers });
  // Read to the end: an unread body holds the connection open and the app's shutdown waits on it.
  await first.arrayBuffer();
  const etag = first.headers.get('etag') ?? '';
  const revalidation = await manyAtOnce(
    app.url,
    CONCURRENT,
    SECONDS,
    () => ({ ...read, headers: { ...headers, 'if-none-match': etag } }),
    (status) => status === 304,
  );
  const moves = mixedMoves(board, headers);
  const firstLoad = await readAfterChange(app.url, ROUNDS, moves, read);
  const fan = await fanOut(dialect, app, ceiling, board, headers);
  const writes = [];
  const ceilingMove = ceilingMoves(ceiling);
  for (const [name, next] of [['task move', moves] as const, ...otherWrites(board, headers)]) {
    const [one, ceilingOne] = await inTurns(
      [
        { baseUrl: app.url, next },
        { baseUrl: ceiling.url, next: ceilingMove },
      ],
      SECONDS,
    );
    const many = await manyAtOnce(app.url, CONCURRENT, SECONDS, next);
    for (const [c, run] of [[1, one] as const, [CONCURRENT, many] as const])
      if (run.failures > 0)
        console.log(`${name}, c=${c}: unexpected answers ${JSON.stringify(run.unexpected)}`);
    writes.push({ name, one, ceilingOne, many });
  }
  return { revalidation, firstLoad, fan, writes };
}

const ms = (value: number) => Math.round(value * 100) / 100;
/** A figure printed without a budget, and a count whose budget is none. */
const shown = (name: string, value: number, unit: string) => figure(name, value, unit, '—', null);
const noneOf = (name: string, count: number, unit: string) => figure(name, count, unit, '0', count === 0);

function writeFigures(dialect: Dialect, ceiling: CeilingRun, measured: Measured): Figure[] {
  const { p50Times, shareOfRps, p99Ms } = BUDGETS[dialect];
  const rpsFloor = shareOfRps * ceiling.many.rps;
  const rpsBudget = `≥ ${shareOfRps * 100} % of ceiling (${Math.round(rpsFloor)})`;
  // An absolute budget: the ceiling's own p99 beside it says whether the machine can meet it at all.
  const p99Budget = `≤ ${p99Ms} ms (ceiling: ${ms(ceiling.many.p99)} ms)`;
  return measured.writes.flatMap(({ name, one, ceilingOne, many }) => [
    figure(
      `${name} c=1 p50`,
      one.p50,
      'ms',
      `≤ ${p50Times}× ceiling in turn (${ms(p50Times * ceilingOne.p50)} ms)`,
      one.p50 <= p50Times * ceilingOne.p50,
    ),
    shown(`${name} c=1 p99`, one.p99, 'ms'),
    shown(`${name} c=1: the ceiling's move in turn with it, p50`, ceilingOne.p50, 'ms'),
    noneOf(`${name} c=1: the ceiling's move in turn with it, failures`, ceilingOne.failures, 'requests'),
    figure(`${name} c=${CONCURRENT}`, many.rps, 'req/s', rpsBudget, many.rps >= rpsFloor),
    figure(`${name} c=${CONCURRENT} p99`, many.p99, 'ms', p99Budget, many.p99 <= p99Ms),
    noneOf(`${name} failures, c=1 and c=${CONCURRENT}`, one.failures + many.failures, 'requests'),
  ]);
}

/** PostgreSQL's 304s against SQLite's in this run (none to compare with when SQLite was skipped). */
function revalidationFigures(dialect: Dialect, revalidation: RunResult, sqliteRps?: number): Figure[] {
  const name = `board revalidated with ETag (304), c=${CONCURRENT}`;
  const others = noneOf(`${name}: other answers`, revalidation.failures, 'requests');
  if (dialect === 'sqlite')
    return [shown(name, revalidation.rps, 'req/s'), shown(`${name} p99`, revalidation.p99, 'ms'), others];
  const rps =
    sqliteRps === undefined
      ? figure(name, revalidation.rps, 'req/s', '≥ 50 % of SQLite’s (not measured)', null)
      : figure(
          name,
          revalidation.rps,
          'req/s',
          `≥ 50 % of SQLite’s (${Math.round(sqliteRps / 2)})`,
          revalidation.rps >= sqliteRps / 2,
        );
  return [rps, figure(`${name} p99`, revalidation.p99, 'ms', '≤ 10 ms', revalidation.p99 <= 10), others];
}

type Fan = Measured['fan'];

/**
 * The fan-out's ceiling is the raw ws broadcast after the same naive move on the same database: a
 * PostgreSQL move may take 4× the SQLite ceiling's (issue 21), so against the SQLite broadcast the
 * PostgreSQL figure would measure the move, not the fan-out. That ratio is printed beside it.
 */
function fanCeiling(fan: Fan) {
  return fan.rawOnPostgres
    ? { p50: fan.rawOnPostgres.lastAfterRequestP50, name: 'raw ws after the naive move on PostgreSQL' }
    : { p50: fan.rawOnSqlite.lastAfterRequestP50, name: 'raw ws' };
}

function readFigures(dialect: Dialect, ceiling: CeilingRun, { firstLoad, fan }: Measured): Figure[] {
  const loadLimit = 1.2 * ceiling.readAfterMove.p50;
  const fanBase = fanCeiling(fan);
  const fanLimit = 2 * fanBase.p50;
  const lastSocket = `move → last of ${SOCKETS} sockets`;
  const againstSqlite =
    dialect === 'postgres'
      ? [
          shown(
            `${lastSocket}, from the request, × the SQLite move's raw ws broadcast`,
            ms(fan.lastAfterRequestP50 / fan.rawOnSqlite.lastAfterRequestP50),
            '×',
          ),
        ]
      : [];
  return [
    figure(
      'board first load after a change p50',
      firstLoad.p50,
      'ms',
      `≤ 1.2× ceiling (${ms(loadLimit)} ms)`,
      firstLoad.p50 <= loadLimit,
    ),
    shown('board first load after a change p99', firstLoad.p99, 'ms'),
    ...rawBroadcastFigures(fan),
    figure(
      `${lastSocket}, from the request, p50`,
      fan.lastAfterRequestP50,
      'ms',
      `≤ 2× ${fanBase.name} in turn (${ms(fanLimit)} ms)`,
      fan.lastAfterRequestP50 <= fanLimit,
    ),
    ...againstSqlite,
    shown(`${lastSocket}: the first of them, from the request, p50`, fan.firstAfterRequestP50, 'ms'),
    shown(`${lastSocket}, after the response, p99`, fan.lastAfterResponseP99, 'ms'),
    shown(`${lastSocket}: the move's response, p50`, fan.responseP50, 'ms'),
    shown(
      `${lastSocket}, socket.io-client clients, from the request, p50`,
      fan.library.lastAfterRequestP50,
      'ms',
    ),
    noneOf('events missed + sockets dropped or not joined', fan.lost + fan.library.lost, 'events'),
  ];
}

/** The ceiling's broadcasts, timed in turn with the app's fan-out. */
function rawBroadcastFigures({ rawOnSqlite, rawOnPostgres }: Fan): Figure[] {
  const lastClient = `last of ${SOCKETS} raw ws clients`;
  return [
    shown(`ceiling: move → ${lastClient}, p50`, rawOnSqlite.lastAfterRequestP50, 'ms'),
    shown(`ceiling: move → ${lastClient}: the first of them, p50`, rawOnSqlite.firstAfterRequestP50, 'ms'),
    ...(rawOnPostgres
      ? [shown(`ceiling: move on PostgreSQL → ${lastClient}, p50`, rawOnPostgres.lastAfterRequestP50, 'ms')]
      : []),
    noneOf('ceiling: raw ws frames missed', rawOnSqlite.missed + (rawOnPostgres?.missed ?? 0), 'frames'),
  ];
}

function ceilingFigures(ceiling: CeilingRun): Figure[] {
  return [
    shown('ceiling: move c=1 p50', ceiling.one.p50, 'ms'),
    shown('ceiling: move c=1 p99', ceiling.one.p99, 'ms'),
    shown(`ceiling: move c=${CONCURRENT}`, ceiling.many.rps, 'req/s'),
    shown(`ceiling: move c=${CONCURRENT} p99`, ceiling.many.p99, 'ms'),
    noneOf('ceiling: move failures', ceiling.one.failures + ceiling.many.failures, 'requests'),
    shown('ceiling: board read after a move p50', ceiling.readAfterMove.p50, 'ms'),
  ];
}

/** Each write beside the ceiling's move: the ratios issue 21 asks for. */
function printRatios(dialect: Dialect, ceiling: CeilingRun, measured: Measured): void {
  const row = (scenario: string, one: RunResult, many: RunResult, ceilingOne = ceiling.one) => ({
    scenario,
    'c=1 p50 ms': ms(one.p50),
    'ceiling in turn, ms': ms(ceilingOne.p50),
    '× ceiling p50': ms(one.p50 / ceilingOne.p50),
    [`c=${CONCURRENT} req/s`]: Math.round(many.rps),
    '% of ceiling req/s': Math.round((many.rps / ceiling.many.rps) * 100),
    [`c=${CONCURRENT} p99 ms`]: many.p99,
    failures: one.failures + many.failures,
  });
  console.log(
    `\n${dialect}: ${TASKS} tasks; each write one at a time in turn with the ceiling's move, ten at a time beside the ceiling's measured just before:`,
  );
  console.table([
    row('ceiling move (alone)', ceiling.one, ceiling.many),
    ...measured.writes.map((write) => row(write.name, write.one, write.many, write.ceilingOne)),
  ]);
}

/** The built app on `dialect` (a scratch database for PostgreSQL); null when PostgreSQL is unreachable. */
async function startApp(dialect: Dialect): Promise<{ app: BenchApp; database?: ScratchDatabase } | null> {
  let database: ScratchDatabase | undefined;
  if (dialect === 'postgres') {
    try {
      database = await createScratchDatabase(POSTGRES_URL);
    } catch (error) {
      console.log(`Skipping PostgreSQL: ${POSTGRES_URL}: ${(error as Error).message}`);
      return null;
    }
  }
  const app = new BenchApp(PORT + (dialect === 'sqlite' ? 1 : 2), {
    // Never a database or Redis inherited from the shell: one instance, on the database named here.
    DATABASE_URL: database?.url ?? '',
    REDIS_URL: '',
    // Every socket signs in as one account; the per-user message allowance must not be what is measured.
    SOCKET_USER_MESSAGES_PER_SECOND: String(SOCKETS * 2),
  });
  try {
    app.createAdmin(EMAIL, PASSWORD);
    await app.start();
  } catch (error) {
    await app.stop();
    await database?.drop();
    throw error;
  }
  return { app, database };
}

async function benchmark(dialect: Dialect, ceiling: WriteCeiling, sqliteRps?: number) {
  const started = await startApp(dialect);
  if (!started) return null;
  const { app, database } = started;
  try {
    const idleRss = await app.idleRssMb();
    const ceilingRun = await measureCeiling(ceiling, {
      seconds: SECONDS,
      rounds: ROUNDS,
      concurrent: CONCURRENT,
    });
    const measured = await measureApp(dialect, app, ceiling);
    const peakRss = app.peakRssMb();
    // Stopping flushes the server's log: its warnings are read after.
    await app.stop();
    const problems = app.problems();
    for (const line of problems.slice(0, 10)) console.warn(`server: ${line}`);
    const figures = [
      ...ceilingFigures(ceilingRun),
      ...writeFigures(dialect, ceilingRun, measured),
      ...revalidationFigures(dialect, measured.revalidation, sqliteRps),
      ...readFigures(dialect, ceilingRun, measured),
      ...memoryFigures(idleRss, peakRss),
      noneOf('server warnings and errors', problems.length, 'lines'),
    ].map((f) => ({ ...f, name: `${dialect}: ${f.name}` }));
    printRatios(dialect, ceilingRun, measured);
    printFigures(figures);
    return { figures, revalidationRps: measured.revalidation.rps };
  } finally {
    await app.stop();
    await database?.drop();
  }
}

/** The ceiling's own scratch database, for its PostgreSQL broadcast (none: PostgreSQL is not measured). */
async function ceilingDatabase(): Promise<ScratchDatabase | undefined> {
  if (!DIALECTS.includes('postgres')) return undefined;
  return createScratchDatabase(POSTGRES_URL).catch(() => undefined);
}

async function main(): Promise<void> {
  const ceilingDb = await ceilingDatabase();
  const ceiling = new WriteCeiling(PORT, TASKS, ceilingDb?.url);
  const figures: Figure[] = [];
  const measuredDialects: Dialect[] = [];
  try {
    await ceiling.start();
    let sqliteRps: number | undefined;
    for (const dialect of DIALECTS) {
      const result = await benchmark(dialect, ceiling, sqliteRps);
      if (!result) continue;
      if (dialect === 'sqlite') sqliteRps = result.revalidationRps;
      figures.push(...result.figures);
      measuredDialects.push(dialect);
    }
  } finally {
    await ceiling.stop();
    await ceilingDb?.drop();
  }
  writeResults(
    'writes',
    { tasks: TASKS, seconds: SECONDS, rounds: ROUNDS, dialects: measuredDialects, wanted: DIALECTS },
    figures,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
