/**
 * The assistant (issue 20), offline, on the built app with the lessons evaluation set as its
 * published lessons and the app's own tip base:
 * - first streamed token ≤ 150 ms p95 and the whole batch of three tips ≤ 500 ms p95, over HTTP,
 *   `POST /api/assistant/conversations/:id/responses` read as the event stream it is;
 * - retrieval quality per language: the tip base on its development questions
 *   (bench/assistant/tip-questions-*.json) beside its held-apart test set (tip-test-set.json, once it
 *   exists): precision@1, recall@3, out-of-scope refused ("no tip fits"), answerable wrongly refused;
 *   and the lessons on the lessons evaluation set (bench/lessons/eval-set.json), precision@1 and recall@3.
 *   npm run build && npm run bench:assistant
 * Knobs: BENCH_QUESTIONS (default 60 timed questions), BENCH_WARMUP (default 5).
 */
import { join } from 'node:path';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { figure, memoryFigures, percentile, printFigures, writeResults, type Figure } from './lib/figures.js';
import { loadEvalSet, toSearchable } from './lessons/eval-set.js';
import { evaluate, summarize } from './lessons/quality.js';
import { seedLessons } from './lessons/route.js';
import { timeQuestion, type Timing } from './assistant/ask.js';
import { TipBase } from './assistant/tip-base-module.js';
import { loadTipQuestions, loadTipTestSet, tipQuality } from './assistant/tip-quality.js';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4700);
const ADMIN = { email: 'assistant-bench@uni.example', password: 'assistant bench password' };
const FIRST_TOKEN_BUDGET_MS = 150;
const BATCH_BUDGET_MS = 500;

/** Each question's timing after the warm-up, and the server's idle and peak memory. */
async function timeStream(prompts: readonly string[]): Promise<{ timings: Timing[]; memory: Figure[] }> {
  // The bench asks 65 questions in a row, beyond the 20 a minute the app allows one student.
  const app = new BenchApp(PORT, { ASSISTANT_QUESTIONS_PER_MINUTE: String(QUESTIONS + WARMUP + 100) });
  app.createAdmin(ADMIN.email, ADMIN.password);
  await app.start();
  try {
    const idleRss = await app.idleRssMb();
    const client = new BenchClient(app.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    await client.call('POST', '/api/projects', { name: 'Assistant bench' });
    seedLessons(join(app.dataDir, 'teamboard.sqlite'), loadEvalSet().lessons.map(toSearchable));
    const timings: Timing[] = [];
    let conversationId = 0;
    for (const [position, prompt] of prompts.entries()) {
      // A conversation per ten questions, as a student asks a few in a row.
      if (position % 10 === 0) {
        conversationId = (await client.call<{ id: number }>('POST', '/api/assistant/conversations', {})).id;
      }
      const timing = await timeQuestion(
        { url: app.url, headers: client.authHeaders, conversationId },
        prompt,
      );
      if (position >= WARMUP) timings.push(timing);
    }
    return { timings, memory: memoryFigures(idleRss, app.peakRssMb()) };
  } finally {
    await app.stop();
  }
}

/** The tip base's figures per set and language, the development and test sets side by side. */
function tipFigures(): Figure[] {
  const sets = { dev: loadTipQuestions(), test: loadTipTestSet() };
  const tips = new TipBase();
  const rows: Record<string, Record<string, string>> = {};
  const figures: Figure[] = [];
  for (const language of ['en', 'es', 'all'] as const) {
    for (const [set, questions] of Object.entries(sets)) {
      const own = questions?.filter((question) => language === 'all' || question.language === language);
      const tally = own ? tipQuality(own, tips) : null;
      for (const [metric, value] of Object.entries(tally ?? {})) {
        const row = (rows[`${metric} (${language})`] ??= {});
        row[set] = metric === 'answerable' || metric === 'outOfScope' ? String(value) : value.toFixed(2);
        // A set without questions of a kind has no share to report (NaN): the table shows it, results skip it.
        if (Number.isFinite(value))
          figures.push(figure(`tip base ${set}: ${metric} (${language})`, value, '', 'reported', null));
      }
    }
  }
  if (!sets.test) console.log('tip test set: bench/assistant/tip-test-set.json not found; dev only');
  console.table(rows);
  return figures;
}

function qualityFigures(): Figure[] {
  const figures: Figure[] = tipFigures();
  const outcomes = evaluate(loadEvalSet());
  for (const language of ['en', 'es'] as const) {
    const own = summarize(outcomes.filter((outcome) => outcome.question.language === language));
    figures.push(
      figure(
        `lessons precision@1 (${language}, ${own.questions} questions)`,
        own.precisionAt1 * 100,
        '%',
        'reported',
        null,
      ),
      figure(`lessons recall@3 (${language})`, own.recallAt3 * 100, '%', 'reported', null),
    );
  }
  return figures;
}

async function main(): Promise<void> {
  const tipQuestions = loadTipQuestions().map((question) => question.q);
  const lessonQuestions = loadEvalSet().questions.map((question) => question.query);
  const pool = [...tipQuestions, ...lessonQuestions];
  const prompts = Array.from({ length: QUESTIONS + WARMUP }, (_, index) => pool[(index * 7) % pool.length]!);
  const { timings, memory } = await timeStream(prompts);
  const firstTokenP95 = percentile(
    timings.map((timing) => timing.firstTokenMs),
    95,
  );
  const batchP95 = percentile(
    timings.map((timing) => timing.batchMs),
    95,
  );
  const figures = [
    figure(
      'first streamed token p50',
      percentile(
        timings.map((t) => t.firstTokenMs),
        50,
      ),
      'ms',
      '',
      null,
    ),
    figure(
      'first streamed token p95',
      firstTokenP95,
      'ms',
      `≤ ${FIRST_TOKEN_BUDGET_MS} ms`,
      firstTokenP95 <= FIRST_TOKEN_BUDGET_MS,
    ),
    figure(
      'whole batch of three p50',
      percentile(
        timings.map((t) => t.batchMs),
        50,
      ),
      'ms',
      '',
      null,
    ),
    figure(
      'whole batch of three p95',
      batchP95,
      'ms',
      `≤ ${BATCH_BUDGET_MS} ms`,
      batchP95 <= BATCH_BUDGET_MS,
    ),
    ...qualityFigures(),
    ...memory,
  ];
  printFigures(figures);
  writeResults('assistant', { questions: timings.length, warmup: WARMUP }, figures);
}

await main();
