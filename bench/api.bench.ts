/**
 * API benchmark (issue 6) on the generated course (bench/generator: 40 teams, a 2,000-task board per
 * team, 100,000 hour entries…), measured against the machine's own ceiling in the same run: the same
 * board JSON bytes served from memory through the same server stack (BENCH_CEILING=1). Every API
 * figure is also given as a ratio to the ceiling at the same concurrency, because these machines are
 * shared and noisy. Prints a table beside the budgets and writes bench/results/api-<dialect>.json.
 *   npm run build && npm run bench:api                       # SQLite
 *   DATABASE_URL=postgres://… npm run bench:api   # then PostgreSQL too (a scratch database there)
 *   BENCH_DIALECTS=postgres DATABASE_URL=… npm run bench:api   # PostgreSQL only
 * Knobs: BENCH_SCALE=full|small, BENCH_SECONDS (per run, default 5), BENCH_IDLE_SECONDS (default 15).
 */
import { randomBytes } from 'node:crypto';
import { BenchApp } from './lib/app-process.js';
import { figure, memoryFigures, percentile, printFigures, writeResults, type Figure } from './lib/figures.js';
import { cycle, load, type LoadRequest, type LoadResult } from './lib/load.js';
import { seedCourse, type SeededCourse } from './lib/course-seed.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SCALE = process.env.BENCH_SCALE === 'small' ? 'small' : 'full';
const PORT = Number(process.env.BENCH_PORT ?? 4620);
const CONCURRENCY = [1, 32] as const;

type Headers = Record<string, string>;

async function signIn(baseUrl: string, email: string, password: string): Promise<Headers> {
  const response = await fetch(`${baseUrl}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return Object.fromEntries(
    ['access-token', 'client', 'uid'].map((name) => [name, response.headers.get(name) ?? '']),
  );
}

/** Each scenario: a name and the request to send next (rotating what it touches). */
function scenarios(course: SeededCourse, headers: Headers): [string, () => LoadRequest][] {
  const board = course.bigBoard;
  const signInAs = cycle(course.studentEmails);
  let forwarded = 0;
  const moveTask = cycle(board.taskIds);
  const moveColumn = cycle(board.columnIds);
  const createColumn = cycle(board.columnIds);
  const detailTask = cycle(board.taskIds);
  const home = cycle<LoadRequest>([
    { method: 'GET', path: '/api/folders', headers },
    { method: 'GET', path: '/api/projects', headers },
  ]);
  return [
    [
      'ceiling (board bytes from memory)',
      () => ({ method: 'GET', path: `/api/bench/ceiling?board=${board.id}` }),
    ],
    [
      // Each sign-in from its own address (X-Forwarded-For, TRUST_PROXY): a class signing in at once,
      // not one client tripping the per-IP limit.
      'sign-in',
      () => ({
        method: 'POST',
        path: '/api/auth/sign_in',
        headers: {
          'x-forwarded-for': `10.${(forwarded >> 16) & 255}.${(forwarded >> 8) & 255}.${forwarded++ & 255}`,
        },
        body: { email: signInAs(), password: course.password },
      }),
    ],
    ['Home (folders + projects)', home],
    [
      `GET board (${board.taskIds.length} tasks)`,
      () => ({ method: 'GET', path: `/api/boards/${board.id}`, headers }),
    ],
    ['task detail', () => ({ method: 'GET', path: `/api/tasks/${detailTask()}`, headers })],
    [
      'task move',
      () => ({
        method: 'POST',
        path: `/api/tasks/${moveTask()}/move`,
        headers,
        body: { column_id: moveColumn() },
      }),
    ],
    [
      'task create',
      () => ({
        method: 'POST',
        path: `/api/columns/${createColumn()}/tasks`,
        headers,
        body: { title: 'Bench task' },
      }),
    ],
  ];
}

/**
 * The board's first load after a change (its cached copy is then stale): a move, then a timed
 * GET, one after the other. The load scenario above mostly measures the shared cached copy.
 */
async function boardAfterChange(baseUrl: string, course: SeededCourse, headers: Headers, rounds: number) {
  const { id, taskIds, columnIds } = course.bigBoard;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const move = await fetch(`${baseUrl}/api/tasks/${taskIds[round % taskIds.length]}/move`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ column_id: columnIds[round % columnIds.length] }),
    });
    if (!move.ok) throw new Error(`move failed: ${move.status}`);
    const started = performance.now();
    const board = await fetch(`${baseUrl}/api/boards/${id}`, { headers });
    await board.arrayBuffer();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

function budgetFigures(name: string, c: number, r: LoadResult): Figure[] {
  const budgets: Record<string, [string, boolean][]> = {
    'GET board': c === 1 ? [[`p50 ≤ 15 ms (2,000 tasks)`, r.p50 <= 15]] : [],
    'task move':
      c === 1
        ? [
            [`p50 ≤ 2 ms`, r.p50 <= 2],
            [`p99 ≤ 5 ms`, r.p99 <= 5],
          ]
        : [],
  };
  const key = Object.keys(budgets).find((prefix) => name.startsWith(prefix));
  const [p50Budget, p99Budget] = (key && budgets[key]) || [];
  return [
    figure(`${name} p50, c=${c}`, r.p50, 'ms', p50Budget?.[0] ?? '—', p50Budget?.[1] ?? null),
    figure(`${name} p99, c=${c}`, r.p99, 'ms', p99Budget?.[0] ?? '—', p99Budget?.[1] ?? null),
  ];
}

/** SQLite always; PostgreSQL too when DATABASE_URL (or BENCH_DATABASE_URL) points at one. */
async function main(): Promise<void> {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
  if (wanted.includes('sqlite')) await benchmark(undefined);
  if (wanted.includes('postgres') && postgresUrl) await benchmark(postgresUrl);
}

async function benchmark(postgresUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-api-'));
  const seeded = await seedCourse(dataDir, { scale: SCALE, postgresUrl });
  const app = new BenchApp(PORT, {
    ...seeded.env,
    DATA_DIR: dataDir,
    BENCH_CEILING: '1',
    TRUST_PROXY: 'true',
    SECRET_KEY: `bench-${randomBytes(16).toString('hex')}`,
    // The app must use the scratch database named in seeded.env, never one inherited from the shell.
    DATABASE_URL: seeded.env.DATABASE_URL ?? '',
  });
  const { course } = seeded;
  try {
    const coldStartMs = await app.start();
    // Idle: after a quiet spell, once V8 has shrunk what start-up allocated (as on a real idle server).
    const idleRss = await app.idleRssMb();
    const headers = await signIn(app.url, course.studentEmails[0]!, course.password);
    await fetch(`${app.url}/api/bench/ceiling?board=${course.bigBoard.id}`, { headers });

    const figures: Figure[] = [
      figure(
        'generated course',
        course.counts.tasks,
        'tasks',
        `${course.counts.hours} hours, ${course.counts.users} users`,
        null,
      ),
    ];
    const ceiling: Record<number, number> = {};
    const rows: Record<string, string | number>[] = [];
    for (const [name, next] of scenarios(course, headers)) {
      for (const c of CONCURRENCY) {
        const result = await load(app.url, c, SECONDS, next);
        if (name.startsWith('ceiling')) ceiling[c] = result.rps;
        rows.push({
          scenario: name,
          c,
          'p50 ms': result.p50,
          'p99 ms': result.p99,
          'req/s': Math.round(result.rps),
          '% of ceiling': Math.round((result.rps / (ceiling[c] ?? NaN)) * 1000) / 10,
          failures: result.failures,
        });
        figures.push(...budgetFigures(name, c, result));
        figures.push(figure(`${name}, c=${c}`, result.rps, 'req/s', '—', null));
        figures.push(
          figure(
            `${name} vs ceiling, c=${c}`,
            (result.rps / (ceiling[c] ?? NaN)) * 100,
            '% of ceiling',
            '—',
            null,
          ),
        );
        figures.push(
          figure(`${name} failures, c=${c}`, result.failures, 'requests', '0', result.failures === 0),
        );
      }
    }
    const etag =
      (await fetch(`${app.url}/api/boards/${course.bigBoard.id}`, { headers })).headers.get('etag') ?? '';
    const revalidated = await load(app.url, 10, SECONDS, () => ({
      method: 'GET',
      path: `/api/boards/${course.bigBoard.id}`,
      headers: { ...headers, 'if-none-match': etag },
    }));
    const uncached = await boardAfterChange(app.url, course, headers, Math.max(5, SECONDS * 6));
    const afterLoadRss = await app.rssMb();
    const peakRss = app.peakRssMb();
    figures.push(
      figure(
        'board revalidated with ETag (304), c=10',
        revalidated.rps,
        'req/s',
        '≥ 5,000 req/s',
        revalidated.rps >= 5000,
      ),
      figure(
        `board first load after a change (not cached) p50, c=1`,
        uncached.p50,
        'ms',
        'p50 ≤ 15 ms (2,000 tasks)',
        uncached.p50 <= 15,
      ),
      figure(`board first load after a change (not cached) p99, c=1`, uncached.p99, 'ms', '—', null),
      figure('cold start to first answered request', coldStartMs, 'ms', '—', null),
      ...memoryFigures(idleRss, peakRss),
      figure('server RSS after load', afterLoadRss, 'MiB', '≤ 200 MiB', afterLoadRss <= 200),
    );
    const problems = app.problems();
    figures.push(figure('server warnings and errors', problems.length, 'lines', '0', problems.length === 0));
    console.log(`\n${seeded.dialect}: each scenario beside the ceiling at the same concurrency:`);
    console.table(rows);
    console.log('Figures with budgets:');
    printFigures(figures.filter((f) => f.budget !== '—'));
    for (const line of problems.slice(0, 5)) console.log(`server: ${line}`);
    writeResults(
      `api-${seeded.dialect}`,
      { scale: SCALE, seconds: SECONDS, dialect: seeded.dialect },
      figures,
    );
  } finally {
    await app.stop();
    await seeded.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
