/**
 * The naive write ceiling of issue 21: what one UPDATE, one SELECT and one WebSocket broadcast cost
 * on this machine with none of TeamBoard's work (no auth, access check, log, version bump, card
 * building). A child process (its own event loop, like the app's) serving, on Fastify and
 * better-sqlite3 with the app's journal_mode and synchronous pragmas:
 *   POST /move/:id {column_id}  one UPDATE … RETURNING *, the row as JSON
 *   GET /board/:id              every task of the board, uncached
 *   POST /broadcast {seq}       a move as above (task 1, to the next column), its row as a JSON frame
 *                               to every raw `ws` client on /ws, then the reply: issue 21's "a move
 *                               reaching the last of 50 sockets" for the naive ceiling
 *   POST /broadcast {seq, on: 'postgres'}
 *                               the same with the move as one UPDATE … RETURNING on PostgreSQL (pg, one
 *                               connection, a prepared statement, autocommit), when started with a
 *                               database: the naive ceiling of the PostgreSQL fan-out
 * `WriteCeiling` starts and stops it from the benchmark; run directly (`tsx write-ceiling.ts`) it serves.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { profilerArgs } from './app-process.js';
import { ArrivalLog } from './arrival-log.js';
import { timeBroadcast, timedPost, type Broadcaster } from './fan-out.js';
import type { LoadRequest } from './load.js';
import { manyAtOnce, oneAtATime, readAfterChange, type RunResult } from './write-scenarios.js';

const BOARD_ID = 1;
const COLUMN_IDS = [1, 2, 3, 4];
const START_TIMEOUT_MS = 30_000;

/** The benchmark's handle on the ceiling process: one board of `tasks` tasks over 4 columns. */
export class WriteCeiling {
  readonly boardId = BOARD_ID;
  readonly columnIds = COLUMN_IDS;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-ceiling-'));
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    readonly tasks: number,
    /** A scratch database for the PostgreSQL broadcast (none: that route is not served). */
    readonly postgresUrl?: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get taskIds(): number[] {
    return Array.from({ length: this.tasks }, (_, index) => index + 1);
  }

  async start(): Promise<void> {
    this.child = spawn(
      process.execPath,
      [...profilerArgs(), '--import', 'tsx', fileURLToPath(import.meta.url)],
      {
        env: {
          ...process.env,
          CEILING_PORT: String(this.port),
          CEILING_TASKS: String(this.tasks),
          CEILING_FILE: join(this.dataDir, 'ceiling.sqlite'),
          CEILING_POSTGRES_URL: this.postgresUrl ?? '',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const startedAt = performance.now();
    for (;;) {
      try {
        const response = await fetch(`${this.url}/board/${BOARD_ID}`);
        // Read to the end: an unread body holds the connection open and the shutdown waits on it.
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (this.child.exitCode !== null || performance.now() - startedAt > START_TIMEOUT_MS)
        throw new Error('the write ceiling did not start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The ceiling's figures, as the benchmark sets each TeamBoard figure beside them. */
export interface CeilingRun {
  /** Moves one at a time, and `concurrent` at a time. */
  one: RunResult;
  many: RunResult;
  /** A move, then a timed read of the board, `rounds` times. */
  readAfterMove: { p50: number; p99: number };
}

/** The ceiling's moves, one after another: each pass over the tasks sends every one to the next column. */
export function ceilingMoves(ceiling: WriteCeiling): () => LoadRequest {
  let count = 0;
  return () => {
    const index = count % ceiling.tasks;
    const pass = Math.floor(count++ / ceiling.tasks);
    const columnId = ceiling.columnIds[(index + pass + 1) % ceiling.columnIds.length]!;
    return { method: 'POST', path: `/move/${ceiling.taskIds[index]}`, body: { column_id: columnId } };
  };
}

export async function measureCeiling(
  ceiling: WriteCeiling,
  {
    seconds,
    rounds,
    concurrent,
  }: {
    seconds: number;
    rounds: number;
    concurrent: number;
  },
): Promise<CeilingRun> {
  const move = ceilingMoves(ceiling);
  const read: LoadRequest = { method: 'GET', path: `/board/${ceiling.boardId}` };
  return {
    one: await oneAtATime(ceiling.url, seconds, move),
    many: await manyAtOnce(ceiling.url, concurrent, seconds, move),
    readAfterMove: await readAfterChange(ceiling.url, rounds, move, read),
  };
}

/**
 * `clients` raw ws clients of the ceiling in this process (as the app's protocol swarm is), whose
 * broadcasters each time one POST /broadcast at a time (its move on SQLite, or on PostgreSQL) until
 * its frame reached the last client. Each broadcast reaches every client: one set serves both.
 */
export class RawClients {
  private readonly arrivals = new ArrivalLog();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private sockets: WebSocket[] = [];
  private seq = 0;

  private constructor(private readonly baseUrl: string) {}

  static async connect(baseUrl: string, clients: number): Promise<RawClients> {
    const raw = new RawClients(baseUrl);
    const wsUrl = `${baseUrl.replace('http', 'ws')}/ws`;
    try {
      for (let index = 0; index < clients; index++) raw.sockets.push(await openClient(wsUrl, raw.arrivals));
    } catch (error) {
      raw.close();
      throw error;
    }
    return raw;
  }

  broadcaster(on: 'sqlite' | 'postgres'): Broadcaster {
    return {
      timeOne: () => {
        const seq = this.seq++;
        return timeBroadcast(this.arrivals, seq, this.sockets.length, () =>
          timedPost(this.agent, `${this.baseUrl}/broadcast`, {}, { seq, on }),
        );
      },
    };
  }

  close(): void {
    this.agent.destroy();
    for (const socket of this.sockets) socket.terminate();
  }
}

function openClient(wsUrl: string, arrivals: ArrivalLog): Promise<WebSocket> {
  const socket = new WebSocket(wsUrl);
  socket.on('message', (data) => {
    const receivedAt = performance.now();
    arrivals.record((JSON.parse(String(data)) as { seq: number }).seq, receivedAt);
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The server side, in the child process. */
async function serveCeiling(port: number, tasks: number, file: string, postgresUrl: string): Promise<void> {
  const db = new Database(file);
  // The app's pragmas (apps/server/src/db/database.ts): a commit here is as durable as there.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  createTasks(db, tasks);
  const move = db.prepare('UPDATE tasks SET column_id = ?, position = ? WHERE id = ? RETURNING *');
  const board = db.prepare('SELECT * FROM tasks WHERE board_id = ?');
  let lastPosition = tasks;
  const onPostgres = postgresUrl ? await postgresMove(postgresUrl, tasks) : undefined;

  const app = Fastify({ logger: false });
  const sockets = new WebSocketServer({ server: app.server, path: '/ws' });
  app.post<{ Params: { id: string }; Body: { column_id: number } }>('/move/:id', async (request) =>
    move.get(request.body.column_id, ++lastPosition, Number(request.params.id)),
  );
  app.get<{ Params: { id: string } }>('/board/:id', async (request) => board.all(Number(request.params.id)));
  app.post<{ Body: { seq: number; on?: 'sqlite' | 'postgres' } }>('/broadcast', async (request) => {
    const column = COLUMN_IDS[request.body.seq % COLUMN_IDS.length]!;
    const task =
      request.body.on === 'postgres'
        ? await onPostgres!.move(column, ++lastPosition, 1)
        : move.get(column, ++lastPosition, 1);
    const frame = JSON.stringify({ type: 'task.moved', seq: request.body.seq, data: { task } });
    for (const client of sockets.clients) if (client.readyState === WebSocket.OPEN) client.send(frame);
    return { sent: sockets.clients.size };
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () => {
    sockets.close();
    void app.close().then(async () => {
      db.close();
      await onPostgres?.close();
      process.exit(0);
    });
  });
  exitWithParent();
}

/** The tasks table, a trimmed copy of the app's, filled with `count` tasks spread over the columns. */
function createTasks(db: Database.Database, count: number): void {
  db.exec(`CREATE TABLE tasks (
    id INTEGER PRIMARY KEY, board_id INTEGER NOT NULL, column_id INTEGER NOT NULL, title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '', position REAL NOT NULL, completed INTEGER NOT NULL DEFAULT 0,
    total_hours REAL NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
    CREATE INDEX tasks_board ON tasks (board_id); CREATE INDEX tasks_column ON tasks (column_id, position);`);
  const insert = db.prepare(
    'INSERT INTO tasks (board_id, column_id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let index = 0; index < count; index++)
      insert.run(BOARD_ID, COLUMN_IDS[index % COLUMN_IDS.length], `Task ${index + 1}`, index + 1, now, now);
  })();
}

/**
 * The same trimmed table on PostgreSQL (the app's column types), and its move: one prepared
 * UPDATE … RETURNING * on one connection, committed on its own as the ceiling's SQLite move is.
 */
async function postgresMove(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE tasks (
    id integer PRIMARY KEY, board_id integer NOT NULL, column_id integer NOT NULL, title text NOT NULL,
    description text NOT NULL DEFAULT '', position double precision NOT NULL,
    completed integer NOT NULL DEFAULT 0, total_hours double precision NOT NULL DEFAULT 0,
    created_at text NOT NULL, updated_at text NOT NULL);
    CREATE INDEX tasks_board ON tasks (board_id); CREATE INDEX tasks_column ON tasks (column_id, position);`);
  await client.query(
    `INSERT INTO tasks (id, board_id, column_id, title, position, created_at, updated_at)
      SELECT n, $1, ($2::integer[])[1 + (n - 1) % $3], 'Task ' || n, n, $4, $4 FROM generate_series(1, $5) AS n`,
    [BOARD_ID, COLUMN_IDS, COLUMN_IDS.length, new Date().toISOString(), count],
  );
  return {
    move: async (columnId: number, position: number, id: number) =>
      (
        await client.query({
          name: 'move',
          text: 'UPDATE tasks SET column_id = $1, position = $2 WHERE id = $3 RETURNING *',
          values: [columnId, position, id],
        })
      ).rows[0] as unknown,
    close: () => client.end(),
  };
}

/** A benchmark killed without its finally must not leave the ceiling listening. */
function exitWithParent(): void {
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && process.exit(0), 1000).unref();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  serveCeiling(
    Number(process.env.CEILING_PORT),
    Number(process.env.CEILING_TASKS),
    process.env.CEILING_FILE!,
    process.env.CEILING_POSTGRES_URL ?? '',
  ).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
