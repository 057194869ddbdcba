/**
 * Lessons search benchmark (bench/lessons/README.md). Quality: each set's questions against its own
 * lessons (the development set eval-set.json and the held-apart test-set.json), through the search
 * module and through the assistant's lessons engine, no server; printed side by side beside issue 46's
 * goals. Speed: BENCH_LESSONS generated lessons (default 10,000, half Spanish): build time, heap,
 * BENCH_QUERIES searches (default 500) on the index and over HTTP, and the server's longest event-loop
 * block while it builds the index. Writes bench/results/lessons.json. Figures, not assertions.
 *   npm run bench:lessons                  both sets
 *   BENCH_SET=dev npm run bench:lessons    the development set only (tuning sessions)
 *   BENCH_SHOW_MISSES=1 …                  also lists the development set's misses (never the test set's)
 */
import { availableParallelism, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { figure, percentile, printFigures, writeResults, type Figure } from '../lib/figures.js';
import { evaluateAssistant } from './assistant-recall.js';
import { loadEvalSet, loadTestSet, type EvalSet, type SetName } from './eval-set.js';
import { evaluate, type QuestionOutcome } from './quality.js';
import { qualityRows, type SetOutcomes } from './quality-report.js';
import { LessonIndex } from './search-module.js';
import { timeSearchRoute } from './route.js';
import { printSideBySide, sideBySideFigures } from './side-by-side.js';
import { syntheticLessons, syntheticQueries } from './synthetic.js';

const LESSONS = Number(process.env.BENCH_LESSONS ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);
const SETS: SetName[] = process.env.BENCH_SET === 'dev' ? ['dev'] : ['dev', 'test'];
const WARM_UP_QUERIES = 20;
const P50_BUDGET_MS = 20;
const HEAP_BUDGET_MB = 64;
const BLOCK_BUDGET_MS = 50;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsedMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** The development set's misses, to tune on; the test set's are never listed (README.md). */
function printDevMisses(outcomes: readonly QuestionOutcome[]): void {
  const misses = outcomes.filter((o) =>
    o.isOutOfScope ? !o.saysNoneFits : o.saysNoneFits || !o.isTopRelevant || o.recallAt3 < 1,
  );
  for (const { question, top, saysNoneFits } of misses) {
    const wants = question.relevant.length > 0 ? question.relevant.join(',') : 'none';
    const kinds = question.kinds?.length ? ` (${question.kinds.join(', ')})` : '';
    const said = saysNoneFits ? ' (said none fits)' : '';
    console.log(
      `miss [${question.language}]${kinds} "${question.query}" wants ${wants} got ${top.join(',')}${said}`,
    );
  }
}

async function outcomesOf(set: EvalSet): Promise<SetOutcomes> {
  return { search: evaluate(set), assistant: await evaluateAssistant(set) };
}

async function measureQuality(): Promise<Figure[]> {
  const loaders: Record<SetName, () => EvalSet> = { dev: loadEvalSet, test: loadTestSet };
  const bySet: Partial<Record<SetName, SetOutcomes>> = {};
  for (const set of SETS) bySet[set] = await outcomesOf(loaders[set]());
  if (process.env.BENCH_SHOW_MISSES === '1') printDevMisses(bySet.dev!.search);
  const rows = qualityRows(bySet);
  printSideBySide(rows, SETS);
  return sideBySideFigures(rows, SETS);
}

function measureSpeed(evalSet: EvalSet): Figure[] {
  const lessons = syntheticLessons(evalSet.lessons, LESSONS);
  const queries = syntheticQueries(evalSet.lessons, evalSet.questions, QUERIES + WARM_UP_QUERIES);
  const heapBefore = heapUsedMb();
  const index = new LessonIndex();
  const buildStarted = performance.now();
  index.replaceAll(lessons);
  const buildMs = performance.now() - buildStarted;
  const heapMb = heapUsedMb() - heapBefore;
  const timings: number[] = [];
  queries.forEach(({ query, options }, position) => {
    const started = performance.now();
    index.search(query, options);
    if (position >= WARM_UP_QUERIES) timings.push(performance.now() - started);
  });
  const p50 = percentile(timings, 50);
  const note = 'index only; the route adds a DB sync check and one page of rows';
  return [
    figure(`index build (${index.size} lessons, half Spanish)`, buildMs, 'ms', '—', null),
    figure(
      `heap used by the index of ${index.size} lessons (after GC)`,
      heapMb,
      'MB',
      `≤ ${HEAP_BUDGET_MB} MB`,
      heapMb <= HEAP_BUDGET_MB,
    ),
    figure(
      `search p50 (${timings.length} queries; ${note})`,
      p50,
      'ms',
      `≤ ${P50_BUDGET_MS} ms`,
      p50 <= P50_BUDGET_MS,
    ),
    figure('search p95', percentile(timings, 95), 'ms', '—', null),
    figure('search p99', percentile(timings, 99), 'ms', '—', null),
  ];
}

/** The same searches through the real route of the built app (npm run build first). */
async function measureRoute(evalSet: EvalSet): Promise<Figure[]> {
  const lessons = syntheticLessons(evalSet.lessons, LESSONS);
  const queries = syntheticQueries(evalSet.lessons, evalSet.questions, QUERIES + WARM_UP_QUERIES);
  const { firstSearchMs, longestBlockMs, timings } = await timeSearchRoute(lessons, queries, WARM_UP_QUERIES);
  const p50 = percentile(timings, 50);
  return [
    figure(
      `route: first search after ${LESSONS} lessons were written (the index catches up)`,
      firstSearchMs,
      'ms',
      '—',
      null,
    ),
    figure(
      'route: longest event-loop block while the index is built (slowest /api/health/live answer)',
      longestBlockMs,
      'ms',
      `≤ ${BLOCK_BUDGET_MS} ms`,
      longestBlockMs <= BLOCK_BUDGET_MS,
    ),
    figure(
      `route: GET /api/lessons/search p50 (SQLite, over HTTP, ${LESSONS} lessons, ${timings.length} queries)`,
      p50,
      'ms',
      `≤ ${P50_BUDGET_MS} ms`,
      p50 <= P50_BUDGET_MS,
    ),
    figure('route: p95', percentile(timings, 95), 'ms', '—', null),
    figure('route: p99', percentile(timings, 99), 'ms', '—', null),
  ];
}

/** Timings on a shared machine mean little without how busy it was. */
function machineFigures(): Figure[] {
  return [
    figure('machine: CPUs', availableParallelism(), '', '—', null),
    figure('machine: load average over the last minute', loadavg()[0]!, '', '—', null),
  ];
}

async function main(): Promise<void> {
  const quality = await measureQuality();
  // Speed is measured on lessons and questions recombined from the development set only.
  const evalSet = loadEvalSet();
  const speed = [...measureSpeed(evalSet), ...(await measureRoute(evalSet)), ...machineFigures()];
  printFigures(speed);
  writeResults(
    'lessons',
    { lessons: LESSONS, queries: QUERIES, sets: SETS, dev_questions: evalSet.questions.length },
    [...quality, ...speed],
  );
}

await main();
