/**
 * Lessons search benchmark (bench/lessons/README.md), on the search module alone — no server, no
 * database. Quality: the eval set's questions against its lessons, precision@1 and recall@3 beside the
 * aims. Speed: BENCH_LESSONS generated lessons (default 10,000, half Spanish), build time, heap, and
 * BENCH_QUERIES searches (default 500). Prints figures beside budgets and writes
 * bench/results/lessons.json; BENCH_SHOW_MISSES=1 also lists the questions that missed. Figures, not
 * assertions.
 *   npm run bench:lessons
 */
import { availableParallelism, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { figure, percentile, printFigures, writeResults, type Figure } from '../lib/figures.js';
import { loadEvalSet, type EvalSet } from './eval-set.js';
import { evaluate, summarize, type QuestionOutcome } from './quality.js';
import { LessonIndex } from './search-module.js';
import { timeSearchRoute } from './route.js';
import { syntheticLessons, syntheticQueries } from './synthetic.js';

const LESSONS = Number(process.env.BENCH_LESSONS ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);
const WARM_UP_QUERIES = 20;
const PRECISION_AIM = 0.7;
const RECALL_AIM = 0.85;
const P50_BUDGET_MS = 20;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsedMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

function qualityFigures(group: string, outcomes: readonly QuestionOutcome[]): Figure[] {
  const { questions, precisionAt1, recallAt3 } = summarize(outcomes);
  return [
    figure(
      `quality, ${group} (${questions} questions): precision@1`,
      precisionAt1,
      '',
      `≥ ${PRECISION_AIM}`,
      precisionAt1 >= PRECISION_AIM,
    ),
    figure(
      `quality, ${group} (${questions} questions): recall@3`,
      recallAt3,
      '',
      `≥ ${RECALL_AIM}`,
      recallAt3 >= RECALL_AIM,
    ),
  ];
}

function printMisses(outcomes: readonly QuestionOutcome[]): void {
  for (const outcome of outcomes.filter((o) => !o.isTopRelevant || o.recallAt3 < 1)) {
    const { language, query, relevant } = outcome.question;
    console.log(`miss [${language}] "${query}" wants ${relevant.join(',')} got ${outcome.top.join(',')}`);
  }
}

function measureQuality(evalSet: EvalSet): Figure[] {
  const outcomes = evaluate(evalSet);
  if (process.env.BENCH_SHOW_MISSES === '1') printMisses(outcomes);
  return [
    ...qualityFigures(
      'en questions',
      outcomes.filter((o) => o.question.language === 'en'),
    ),
    ...qualityFigures(
      'es questions',
      outcomes.filter((o) => o.question.language === 'es'),
    ),
    ...qualityFigures(
      'cross-language',
      outcomes.filter((o) => o.isCrossLanguage),
    ),
    ...qualityFigures('overall', outcomes),
  ];
}

function measureSpeed(evalSet: EvalSet): Figure[] {
  const lessons = syntheticLessons(evalSet.lessons, LESSONS);
  const queries = syntheticQueries(evalSet.lessons, evalSet.questions, QUERIES + WARM_UP_QUERIES);
  const heapBefore = heapUsedMb();
  const index = new LessonIndex();
  const buildStarted = performance.now();
  index.replaceAll(lessons);
  const buildMs = performance.now() - buildStarted;
  const heapAfter = heapUsedMb();
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
    figure('heap used by the index (after GC)', heapAfter - heapBefore, 'MB', '—', null),
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
  const { firstSearchMs, timings } = await timeSearchRoute(lessons, queries, WARM_UP_QUERIES);
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
      `route: GET /api/lessons/search p50 (SQLite, over HTTP, ${timings.length} queries)`,
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
  const evalSet = loadEvalSet();
  const figures = [
    ...measureQuality(evalSet),
    ...measureSpeed(evalSet),
    ...(await measureRoute(evalSet)),
    ...machineFigures(),
  ];
  printFigures(figures);
  writeResults(
    'lessons',
    { lessons: LESSONS, queries: QUERIES, eval_questions: evalSet.questions.length },
    figures,
  );
}

await main();
