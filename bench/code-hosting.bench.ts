import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { figure, memoryFigures, percentile, printFigures, writeResults } from './lib/figures.js';

/**
 * Code hosting (issue 16): the sync of a plain git repository with COMMITS commits (generated with
 * `git fast-import`, each naming one of TASKS tasks) on the built app over SQLite, from the link
 * until the repository is idle with every commit on its task; then GET /api/tasks/:id/commits for a
 * task with COMMITS / TASKS commits, over HTTP. Budgets: sync < 30 s, commits section p50 ≤ 20 ms.
 */
const COMMITS = Number(process.env.BENCH_COMMITS ?? 10_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const ADMIN = { email: 'code-bench@uni.example', password: 'code bench password' };
const AUTHORS = [
  'Ana Torres <ana@uni.example>',
  'Beto Ruiz <beto@uni.example>',
  'Carla Gil <carla@uni.example>',
];

/** A bare repository whose commit i names task `taskIds[i % taskIds.length]`, written in one fast-import. */
function generateRepository(root: string, taskIds: number[]): string {
  const bare = join(root, 'big-app.git');
  const env = { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', bare], { env });
  const parts: string[] = [];
  const start = Date.UTC(2026, 0, 1) / 1000;
  for (let i = 0; i < COMMITS; i += 1) {
    const author = `${AUTHORS[i % AUTHORS.length]} ${start + i * 60} +0000`;
    const message = `Change ${i} for #${taskIds[i % taskIds.length]}\n\nBody line of commit ${i}.\n`;
    const content = `line ${i}\n`;
    parts.push(
      `commit refs/heads/main\nauthor ${author}\ncommitter ${author}\ndata ${Buffer.byteLength(message)}\n${message}`,
      `M 644 inline file-${i % 100}.txt\ndata ${Buffer.byteLength(content)}\n${content}\n`,
    );
  }
  execFileSync('git', ['-C', bare, 'fast-import', '--quiet'], {
    env,
    input: parts.join(''),
    maxBuffer: 1 << 28,
  });
  return bare;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'teamboard-code-bench-'));
  const app = new BenchApp(Number(process.env.BENCH_PORT ?? 4392), { CODE_HOSTING_LOCAL_ROOTS: root });
  app.createAdmin(ADMIN.email, ADMIN.password);
  await app.start();
  try {
    const idleRss = await app.idleRssMb();
    const client = new BenchClient(app.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    const project = await client.call<{ data: { id: number } }>('POST', '/api/projects', {
      name: 'Code bench',
    });
    const board = await client.call<{ data: { id: number } }>(
      'POST',
      `/api/projects/${project.data.id}/boards`,
      {
        name: 'Board',
      },
    );
    const column = await client.call<{ data: { id: number } }>(
      'POST',
      `/api/boards/${board.data.id}/columns`,
      {
        name: 'To do',
      },
    );
    const taskIds: number[] = [];
    for (let i = 0; i < TASKS; i += 1) {
      const task = await client.call<{ data: { id: number } }>(
        'POST',
        `/api/columns/${column.data.id}/tasks`,
        {
          title: `Task ${i}`,
        },
      );
      taskIds.push(task.data.id);
    }
    const bare = generateRepository(root, taskIds);

    const started = performance.now();
    await client.call('POST', `/api/projects/${project.data.id}/repositories`, {
      provider: 'git',
      url: bare,
    });
    let state = 'queued';
    while (state === 'queued' || state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const list = await client.call<{ data: { sync_state: string; last_error: string | null }[] }>(
        'GET',
        `/api/projects/${project.data.id}/repositories`,
      );
      state = list.data[0]!.sync_state;
      if (state === 'failed') throw new Error(`sync failed: ${list.data[0]!.last_error}`);
    }
    const syncMs = performance.now() - started;

    const perTask = COMMITS / TASKS;
    let linked = 0;
    for (const taskId of taskIds) {
      const links = await client.call<{ data: unknown[] }>('GET', `/api/tasks/${taskId}/commits`);
      if (links.data.length === perTask) linked += 1;
    }
    const timings: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const taskId = taskIds[i % taskIds.length]!;
      const t0 = performance.now();
      await client.call('GET', `/api/tasks/${taskId}/commits`);
      timings.push(performance.now() - t0);
    }
    const figures = [
      figure(`sync of ${COMMITS} commits (SQLite)`, syncMs / 1000, 's', '< 30 s', syncMs < 30_000),
      figure(
        `tasks with all ${perTask} of their commits`,
        linked,
        `of ${TASKS}`,
        `all ${TASKS}`,
        linked === TASKS,
      ),
      figure(
        `GET /api/tasks/:id/commits, ${perTask} commits, p50`,
        percentile(timings, 50),
        'ms',
        '≤ 20 ms',
        percentile(timings, 50) <= 20,
      ),
      figure(`GET /api/tasks/:id/commits, ${perTask} commits, p99`, percentile(timings, 99), 'ms', '', null),
      ...memoryFigures(idleRss, app.peakRssMb()),
    ];
    printFigures(figures);
    writeResults('code-hosting', { commits: COMMITS, tasks: TASKS, requests: REQUESTS }, figures);
  } finally {
    await app.stop();
  }
}

await main();
