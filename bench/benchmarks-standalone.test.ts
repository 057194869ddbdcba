import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { IS_POSTGRES, ROOT, smokeRunner } from './lib/smoke-runner.js';

/**
 * These run the same way whatever TEST_DB says (the app on SQLite, or the real-time bench's own
 * PostgreSQL database): once, in the SQLite pass, is enough.
 */
describe.skipIf(IS_POSTGRES)(
  'benchmarks that choose no database, one tiny pass each (SKIPPED under TEST_DB=postgres: the same runs as in the SQLite pass)',
  () => {
    const { runBenchmark, expectFiniteFigures } = smokeRunner();

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

    it('assistant first answer: the first and second questions after a fresh start, one CPU burner', async () => {
      expectFiniteFigures(await runBenchmark('assistant-first-answer', { BENCH_BURNERS: '1' }), 7);
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
