/**
 * Reports (issue 17) on the generated course (bench/generator: 40 teams, 100,000 hour entries, a
 * 2,000-task board…): each report route of the big board's team, asked BENCH_REQUESTS times one after
 * the other over HTTP on the built app, p50 beside the budget (≤ 50 ms at concurrency 1).
 *   npm run build && npm run bench:reports                      # SQLite, then PostgreSQL when DATABASE_URL is set
 * Knobs: BENCH_SCALE=full|small, BENCH_REQUESTS (default 100), BENCH_DIALECTS=sqlite,postgres.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { seedCourse } from './lib/course-seed.js';
import { benchOnEachDatabase, figure, memoryFigures, percentile, type Figure } from './lib/figures.js';

const SCALE = process.env.BENCH_SCALE === 'small' ? 'small' : 'full';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4640);
const BUDGET_MS = 50;

/** What a report call names besides dates: the course's big board and its team's longest milestone. */
interface ReportTargets {
  boardId: number;
  milestoneId: number;
}

/** The report calls, over the generated semester (2026-09-01 → 2026-12-18) at each view's longest range. */
const REPORTS: [string, (targets: ReportTargets) => string][] = [
  ['hours by day (30 days)', () => 'hours?start_date=2026-11-19&end_date=2026-12-18&filter=day'],
  ['hours by week (2 months)', () => 'hours?start_date=2026-10-18&end_date=2026-12-18&filter=week'],
  ['hours by month (1 year)', () => 'hours?start_date=2026-01-01&end_date=2026-12-31&filter=month'],
  ['hours by year (6 years)', () => 'hours?start_date=2021-01-01&end_date=2026-12-31&filter=year'],
  ["users' hours (semester)", () => 'users_hours?start_date=2026-09-01&end_date=2026-12-18'],
  ['commits (semester)', () => 'commits?start_date=2026-09-01&end_date=2026-12-18'],
  ['pull requests (12 weeks)', () => 'pull_requests?end_date=2026-12-18'],
  ['task tracking (semester)', () => 'tasks?start_date=2026-09-01&end_date=2026-12-18'],
  ['lead time (semester)', () => 'lead?start_date=2026-09-01&end_date=2026-12-18'],
  ['burnup (longest milestone)', ({ milestoneId }) => `burnup?milestone_id=${milestoneId}`],
  ['burndown (longest milestone)', ({ milestoneId }) => `burndown?milestone_id=${milestoneId}`],
  ['velocity (every sprint)', () => 'velocity'],
  ['timeline (semester)', () => 'timeline?start_date=2026-09-01&end_date=2026-12-18'],
  [
    'workload (semester, big board)',
    ({ boardId }) => `workload?start_date=2026-09-01&end_date=2026-12-18&board_id=${boardId}`,
  ],
  [
    'task progress (semester, big board)',
    ({ boardId }) => `task_progress?start_date=2026-09-01&end_date=2026-12-18&board_id=${boardId}`,
  ],
  [
    'average task completion (longest milestone)',
    ({ milestoneId }) => `average_task_completion?milestone_id=${milestoneId}`,
  ],
  [
    'estimated hours variation (longest milestone)',
    ({ milestoneId }) => `estimated_hours_variation?milestone_id=${milestoneId}`,
  ],
];

/** The project's milestone spanning the most days. */
async function longestMilestone(client: BenchClient, projectId: number): Promise<number> {
  const milestones = await client.call<{
    data: { milestone_id: number; start_date: string; deadline: string }[];
  }>('GET', `/api/projects/${projectId}/milestones`);
  const span = (m: { start_date: string; deadline: string }) =>
    Date.parse(m.deadline) - Date.parse(m.start_date);
  return milestones.data.reduce((a, b) => (span(b) > span(a) ? b : a)).milestone_id;
}

async function benchmark(postgresUrl: string | undefined): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-reports-'));
  const seeded = await seedCourse(dataDir, { scale: SCALE, postgresUrl });
  const app = new BenchApp(PORT, {
    ...seeded.env,
    DATA_DIR: dataDir,
    SECRET_KEY: `bench-${randomBytes(16).toString('hex')}`,
    DATABASE_URL: seeded.env.DATABASE_URL ?? '',
  });
  try {
    await app.start();
    const idleRss = await app.idleRssMb();
    const client = new BenchClient(app.url);
    await client.signIn(seeded.course.studentEmails[0]!, seeded.course.password);
    const projects = await client.call<{ data: { id: number }[] }>('GET', '/api/projects');
    const projectId = projects.data[0]!.id;
    const targets = {
      boardId: seeded.course.bigBoard.id,
      milestoneId: await longestMilestone(client, projectId),
    };
    const figures: Figure[] = [];
    for (const [name, pathOf] of REPORTS) {
      const path = pathOf(targets);
      const timings: number[] = [];
      for (let i = 0; i < REQUESTS + 5; i += 1) {
        const started = performance.now();
        await client.call('GET', `/api/projects/${projectId}/reports/${path}`);
        if (i >= 5) timings.push(performance.now() - started);
      }
      const p50 = percentile(timings, 50);
      figures.push(
        figure(`${seeded.dialect}: ${name}, p50`, p50, 'ms', `≤ ${BUDGET_MS} ms`, p50 <= BUDGET_MS),
      );
    }
    figures.push(...memoryFigures(idleRss, app.peakRssMb(), `${seeded.dialect}: server`));
    return figures;
  } finally {
    await app.stop();
    await seeded.dispose();
  }
}

await benchOnEachDatabase('reports', { scale: SCALE, requests: REQUESTS }, benchmark);
