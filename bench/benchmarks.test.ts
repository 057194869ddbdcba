import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * One tiny pass of every benchmark (seconds each), so the suite cannot rot: each script must run to
 * the end against the built app and record every figure as a finite number. Figures are not
 * judged here (budgets are for `npm run bench`); results go to a temporary folder.
 */
const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Results {
  figures: { name: string; value: number }[];
}

async function freePortBlock(size: number): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((done, fail) => {
      const server = createServer();
      server.once('error', fail);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => done(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port + size < 65535) return port;
  }
}

const IS_POSTGRES = process.env.TEST_DB === 'postgres';
/** A benchmark's environment that runs it on this suite's database (TEST_DB). */
const ON_SUITE_DATABASE = {
  BENCH_DIALECTS: IS_POSTGRES ? 'postgres' : 'sqlite',
  BENCH_DATABASE_URL: POSTGRES_URL,
};

describe('benchmarks (one tiny pass each)', () => {
  let resultsDir: string;

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) {
      throw new Error('the benchmarks run the built app: run `npm run build` first');
    }
    resultsDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-results-'));
  });
  afterAll(() => rmSync(resultsDir, { recursive: true, force: true }));

  async function runBenchmark(script: string, env: Record<string, string>): Promise<Results> {
    const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${script}.bench.ts`], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        BENCH_PORT: String(await freePortBlock(3)),
        BENCH_RESULTS_DIR: resultsDir,
      },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(result.status, `${script}.bench.ts failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
    return JSON.parse(readFileSync(join(resultsDir, resultName(script)), 'utf8')) as Results;
  }

  function resultName(script: string): string {
    if (script !== 'api') return `${script}.json`;
    return IS_POSTGRES ? 'api-postgres.json' : 'api-sqlite.json';
  }

  function expectFiniteFigures(results: Results, atLeast: number): void {
    expect(results.figures.length).toBeGreaterThanOrEqual(atLeast);
    for (const { name, value } of results.figures) expect(Number.isFinite(value), name).toBe(true);
  }

  it('api: the generated course against the ceiling, on this suite’s database', async () => {
    const postgres: Record<string, string> = IS_POSTGRES
      ? { BENCH_DIALECTS: 'postgres', BENCH_DATABASE_URL: POSTGRES_URL }
      : { BENCH_DIALECTS: 'sqlite' };
    const results = await runBenchmark('api', {
      BENCH_SCALE: 'small',
      BENCH_SECONDS: '1',
      BENCH_IDLE_SECONDS: '0',
      ...postgres,
    });
    expectFiniteFigures(results, 30);
    expect(results.figures.find((f) => f.name === 'server warnings and errors')?.value).toBe(0);
  });

  it('reports: every report route on the generated course', async () => {
    const results = await runBenchmark('reports', {
      BENCH_SCALE: 'small',
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 7);
  });

  it('stand-ups: the analysis page’s API on a 6-member team’s 560 stand-ups', async () => {
    const results = await runBenchmark('standups', {
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 11);
  });

  it('fairness: the fairness page of a 6-member team over a semester', async () => {
    const results = await runBenchmark('fairness', {
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 10);
  });

  it('course overview: every team of a course with this week’s signals, and its CSV', async () => {
    const results = await runBenchmark('course-overview', {
      BENCH_TEAMS: '3',
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 13);
  });

  it('roster import: a roster stamped into team projects, previewed, imported and imported again', async () => {
    const results = await runBenchmark('roster-import', {
      BENCH_TEAMS: '3',
      BENCH_TEAM_SIZE: '2',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 6);
  });

  it('evaluations: the results of team peer evaluations and of a course-wide one', async () => {
    const results = await runBenchmark('evaluations', {
      BENCH_TEAMS: '2',
      BENCH_COURSE_MEMBERS: '8',
      BENCH_REQUESTS: '3',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 10);
  });

  it('writes: each write beside the naive ceiling, on this suite’s database', async () => {
    const results = await runBenchmark('writes', {
      BENCH_TASKS: '40',
      BENCH_SECONDS: '1',
      BENCH_ROUNDS: '3',
      BENCH_FAN_ROUNDS: '3',
      BENCH_FAN_WARMUPS: '1',
      ...ON_SUITE_DATABASE,
    });
    expectFiniteFigures(results, 20);
    const warnings = results.figures.filter((f) => f.name.endsWith('server warnings and errors'));
    expect(warnings.map((f) => f.value)).toEqual([0]);
  });

  /**
   * These run the same way whatever TEST_DB says (the app on SQLite, or the real-time bench's own
   * PostgreSQL database): once, in the SQLite pass, is enough.
   */
  describe.skipIf(IS_POSTGRES)(
    'that choose no database (SKIPPED under TEST_DB=postgres: the same runs as in the SQLite pass)',
    () => {
      it('board: load, revalidation, moves, memory', async () => {
        expectFiniteFigures(await runBenchmark('board', { BENCH_TASKS: '40', BENCH_SECONDS: '1' }), 10);
      });

      it('web: JavaScript per route and the board’s first render in headless Chromium', async () => {
        if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) throw new Error('run `npm run build` first');
        expectFiniteFigures(await runBenchmark('web', { BENCH_TASKS: '40', BENCH_RUNS: '1' }), 5);
      });

      it('realtime: joins and fan-out on one instance and two behind Redis', async () => {
        const results = await runBenchmark('realtime', {
          BENCH_CLIENTS: '12',
          BENCH_MOVES: '3',
          BENCH_FLOOD_MS: '500',
        });
        expectFiniteFigures(results, 8);
      });

      it('code hosting: the sync of a generated git repository and the task commits section', async () => {
        const results = await runBenchmark('code-hosting', {
          BENCH_COMMITS: '200',
          BENCH_TASKS: '10',
          BENCH_REQUESTS: '10',
        });
        expectFiniteFigures(results, 4);
      });

      it('assistant: three offline tips streamed over HTTP, and retrieval quality per language', async () => {
        const results = await runBenchmark('assistant', { BENCH_QUESTIONS: '3', BENCH_WARMUP: '1' });
        expectFiniteFigures(results, 12);
      });

      it('assistant OCR: a generated 1280×800 mockup read with a warm worker', async () => {
        expectFiniteFigures(await runBenchmark('assistant-ocr', { BENCH_RUNS: '1' }), 6);
      });

      it('downloads: peak RSS while clients download one attachment from disk and from a bucket', async () => {
        const results = await runBenchmark('downloads', { BENCH_CLIENTS: '3', BENCH_FILE_MB: '2' });
        expectFiniteFigures(results, 20);
      });
    },
  );
});
