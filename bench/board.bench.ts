/**
 * Board benchmark (issue 4's scale targets): a board of BENCH_TASKS tasks (default 2,000) over 10
 * columns on the built app and SQLite, measured over real HTTP with autocannon. Prints each figure
 * beside its budget and writes bench/results/board.json. Figures, not assertions.
 *   npm run build -w @teamboard/server && npm run bench:board
 */
import autocannon from 'autocannon';
import { BenchApp } from './lib/app-process.js';
import { BenchClient, inBatches } from './lib/client.js';
import { figure, memoryFigures, printFigures, writeResults, type Figure } from './lib/figures.js';

const TASKS = Number(process.env.BENCH_TASKS ?? 2000);
const COLUMNS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const EMAIL = 'bench-admin@example.edu';
const PASSWORD = 'bench password 123';

type AutocannonOptions = Parameters<typeof autocannon>[0];

function run(options: AutocannonOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function seedBoard(client: BenchClient) {
  const project = await client.call<{ data: { id: number } }>('POST', '/api/projects', {
    name: 'Bench project',
  });
  const board = await client.call<{ data: { id: number } }>(
    'POST',
    `/api/projects/${project.data.id}/boards`,
    {
      name: `Board of ${TASKS} tasks`,
    },
  );
  const columnIds: number[] = [];
  for (let index = 0; index < COLUMNS; index++) {
    const column = await client.call<{ data: { id: number } }>(
      'POST',
      `/api/boards/${board.data.id}/columns`,
      {
        name: `Column ${index + 1}`,
      },
    );
    columnIds.push(column.data.id);
  }
  const taskIds: number[] = [];
  await inBatches(
    Array.from({ length: TASKS }, (_, index) => index),
    16,
    async (index) => {
      const task = await client.call<{ data: { id: number } }>(
        'POST',
        `/api/columns/${columnIds[index % COLUMNS]}/tasks`,
        {
          title: `Task ${index + 1}: a realistic title of a few words`,
        },
      );
      taskIds.push(task.data.id);
    },
  );
  return { boardId: board.data.id, columnIds, taskIds };
}

async function main(): Promise<void> {
  const app = new BenchApp(Number(process.env.BENCH_PORT ?? 4600));
  app.createAdmin(EMAIL, PASSWORD);
  const coldStartMs = await app.start();
  const idleRss = await app.idleRssMb();
  const client = new BenchClient(app.url);
  await client.signIn(EMAIL, PASSWORD);
  const seedStarted = performance.now();
  const { boardId, columnIds, taskIds } = await seedBoard(client);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const headers = client.authHeaders;
  const boardUrl = `${app.url}/api/boards/${boardId}`;

  const loadOne = await run({ url: boardUrl, headers, connections: 1 });
  const loadTen = await run({ url: boardUrl, headers, connections: 10 });
  // The same stack without sign-in or access check (one `select 1`): what the 304 is compared with.
  const health = await run({ url: `${app.url}/api/health`, connections: 10 });
  const etag = (await fetch(boardUrl, { headers })).headers.get('etag') ?? '';
  const revalidate = await run({
    url: boardUrl,
    headers: { ...headers, 'if-none-match': etag },
    connections: 10,
  });

  let moveCount = 0;
  const moveRequest = () => {
    const taskId = taskIds[moveCount % taskIds.length]!;
    const columnId = columnIds[moveCount++ % COLUMNS]!;
    return {
      method: 'POST' as const,
      path: `/api/tasks/${taskId}/move`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ column_id: columnId }),
    };
  };
  const moveOne = await run({
    url: app.url,
    connections: 1,
    requests: [{ setupRequest: (request) => ({ ...request, ...moveRequest() }) }],
  });
  const moveTen = await run({
    url: app.url,
    connections: 10,
    requests: [{ setupRequest: (request) => ({ ...request, ...moveRequest() }) }],
  });
  const afterLoadRss = await app.rssMb();
  const peakRss = app.peakRssMb();
  await app.stop();

  const failedMoves = moveOne.non2xx + moveOne.errors + moveTen.non2xx + moveTen.errors;
  const figures: Figure[] = [
    figure('seed: tasks created over HTTP', TASKS, 'tasks', `in ${seedSeconds.toFixed(1)} s`, null),
    figure(
      `GET board (${TASKS} tasks) p50, c=1`,
      loadOne.latency.p50,
      'ms',
      '≤ 15 ms (2,000 tasks)',
      loadOne.latency.p50 <= 15,
    ),
    figure(`GET board (${TASKS} tasks) p99, c=1`, loadOne.latency.p99, 'ms', '—', null),
    figure(
      `GET board (${TASKS} tasks), c=10`,
      loadTen.requests.average,
      'req/s',
      '≥ 150 req/s (1,000 tasks)',
      loadTen.requests.average >= 150,
    ),
    figure(
      'GET board revalidated with ETag (304), c=10',
      revalidate.requests.average,
      'req/s',
      '≥ 5,000 req/s',
      revalidate.requests.average >= 5000,
    ),
    figure(
      'GET /api/health (no sign-in, one select 1), c=10',
      health.requests.average,
      'req/s',
      '— (the 304 compared with it)',
      null,
    ),
    figure(
      '304 as % of /api/health',
      Math.round((100 * revalidate.requests.average) / health.requests.average),
      '%',
      '—',
      null,
    ),
    figure('task move p50, c=1', moveOne.latency.p50, 'ms', '≤ 2 ms', moveOne.latency.p50 <= 2),
    figure('task move p99, c=1', moveOne.latency.p99, 'ms', '≤ 5 ms', moveOne.latency.p99 <= 5),
    figure(
      'task moves, c=10',
      moveTen.requests.average,
      'moves/s',
      '≥ 1,000 moves/s',
      moveTen.requests.average >= 1000,
    ),
    figure('failed moves (non-2xx or errors)', failedMoves, 'requests', '0', failedMoves === 0),
    figure('cold start to first answered request', coldStartMs, 'ms', '—', null),
    ...memoryFigures(idleRss, peakRss),
    figure('server RSS after load', afterLoadRss, 'MiB', '≤ 200 MiB', afterLoadRss <= 200),
  ];
  printFigures(figures);
  writeResults('board', { tasks: TASKS }, figures);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
