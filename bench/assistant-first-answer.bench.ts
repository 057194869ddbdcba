/**
 * The assistant's FIRST answer after a start, on a busy machine (issue 44.10): a first question once
 * took 16 s on a loaded machine while later ones took 0.45 s. The built app is started fresh with
 * the lessons evaluation set published, CPU burners keep every core busy (BENCH_BURNERS, default
 * twice the cores), and the first and second questions of a session are timed over HTTP: first
 * streamed token and whole batch of three tips. Also the start time, the idle memory (nothing warmed:
 * the warm-up starts at the first assistant request, issue 45.9) and the memory once warmed.
 *   npm run build && npm run bench:assistant-first-answer
 * Knobs: BENCH_BURNERS (CPU burners, default 2 × cores).
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { timeQuestion, type Timing } from './assistant/ask.js';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { CpuBurners } from './lib/cpu-burners.js';
import {
  figure,
  idleRssFigure,
  peakRssFigure,
  printFigures,
  writeResults,
  type Figure,
} from './lib/figures.js';
import { loadEvalSet, toSearchable } from './lessons/eval-set.js';
import { seedLessons } from './lessons/route.js';

const BURNERS = Number(process.env.BENCH_BURNERS ?? 2 * availableParallelism());
const PORT = Number(process.env.BENCH_PORT ?? 4720);
const ADMIN = { email: 'first-answer-bench@uni.example', password: 'first answer bench password' };
const FIRST_TOKEN_BUDGET_MS = 1000;
const BATCH_BUDGET_MS = 3000;
/** Questions a student asks first: one for each offline engine (tips, lessons, the coach). */
const FIRST_QUESTION = 'How do we split a user story that is too big for one sprint?';
const SECOND_QUESTION = '¿Qué tareas están atrasadas en nuestro proyecto?';

/** A fresh data folder with a project and the published lessons, the app stopped again. */
async function preparedApp(): Promise<{ app: BenchApp; projectId: number }> {
  const app = new BenchApp(PORT);
  app.createAdmin(ADMIN.email, ADMIN.password);
  await app.start();
  try {
    const client = new BenchClient(app.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    const project = await client.call<{ id: number }>('POST', '/api/projects', {
      name: 'First answer bench',
    });
    seedLessons(join(app.dataDir, 'teamboard.sqlite'), loadEvalSet().lessons.map(toSearchable));
    return { app, projectId: project.id };
  } finally {
    await app.stop();
  }
}

function questionFigures(which: string, timing: Timing): Figure[] {
  return [
    figure(
      `${which} question: first streamed token (busy)`,
      timing.firstTokenMs,
      'ms',
      `≤ ${FIRST_TOKEN_BUDGET_MS} ms`,
      timing.firstTokenMs <= FIRST_TOKEN_BUDGET_MS,
    ),
    figure(
      `${which} question: whole batch of three (busy)`,
      timing.batchMs,
      'ms',
      `≤ ${BATCH_BUDGET_MS} ms`,
      timing.batchMs <= BATCH_BUDGET_MS,
    ),
  ];
}

async function main(): Promise<void> {
  const { app, projectId } = await preparedApp();
  const burners = new CpuBurners(BURNERS);
  try {
    const startMs = await app.start();
    const idleRssMb = await app.idleRssMb();
    // Then the machine gets busy, and a student asks right away.
    burners.start();
    const client = new BenchClient(app.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    const conversation = await client.call<{ id: number }>('POST', '/api/assistant/conversations', {});
    const target = { url: app.url, headers: client.authHeaders, conversationId: conversation.id };
    const first = await timeQuestion(target, FIRST_QUESTION, projectId);
    const second = await timeQuestion(target, SECOND_QUESTION, projectId);
    const warmedRssMb = await app.rssMb();
    const figures = [
      figure('server start to healthy', startMs, 'ms', '', null),
      idleRssFigure(idleRssMb),
      figure('server RSS once warmed (after the second question)', warmedRssMb, 'MiB', '', null),
      peakRssFigure(app.peakRssMb()),
      ...questionFigures('first', first),
      ...questionFigures('second', second),
      figure('server warnings and errors', app.problems().length, '', '0', app.problems().length === 0),
    ];
    printFigures(figures);
    writeResults('assistant-first-answer', { burners: BURNERS }, figures);
  } finally {
    await burners.stop();
    await app.stop();
  }
}

await main();
