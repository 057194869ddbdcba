import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * What the benchmarks' smoke tests share (benchmarks.test.ts runs those that choose a database,
 * benchmarks-standalone.test.ts the rest: two files, so Vitest's two workers run them side by side).
 * Each runs one tiny pass of a benchmark (seconds each), so the suite cannot rot: each script must
 * run to the end against the built app and record every figure as a finite number. Figures are not
 * judged here (budgets are for `npm run bench`); results go to a temporary folder.
 */
export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Results {
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

export const IS_POSTGRES = process.env.TEST_DB === 'postgres';
/** A benchmark's environment that runs it on this suite's database (TEST_DB). */
export const ON_SUITE_DATABASE = {
  BENCH_DIALECTS: IS_POSTGRES ? 'postgres' : 'sqlite',
  BENCH_DATABASE_URL: POSTGRES_URL,
};

/** Call inside a describe: checks the app is built, and gives each run a shared temporary results folder. */
export function smokeRunner() {
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
        // A tiny pass reads the idle memory at once: the figure is recorded, not judged.
        BENCH_IDLE_SECONDS: '0',
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

  return { runBenchmark, expectFiniteFigures };
}

function resultName(script: string): string {
  if (script !== 'api') return `${script}.json`;
  return IS_POSTGRES ? 'api-postgres.json' : 'api-sqlite.json';
}

function expectFiniteFigures(results: Results, atLeast: number): void {
  expect(results.figures.length).toBeGreaterThanOrEqual(atLeast);
  for (const { name, value } of results.figures) expect(Number.isFinite(value), name).toBe(true);
}
