/**
 * Contribution fairness (issue 23): one team of 6 students over a 16-week semester of generated data
 * (hours, a 200-task board with completed tasks, comments, 560 stand-ups, commits, two peer
 * evaluations). The fairness page's one API call, asked BENCH_REQUESTS times one after the other over
 * HTTP on the built app, p50 beside the budget (≤ 50 ms at concurrency 1), p95 beside it.
 *   npm run build && npm run bench:fairness                     # SQLite, then PostgreSQL when DATABASE_URL is set
 * Knobs: BENCH_REQUESTS (default 100), BENCH_DIALECTS=sqlite,postgres.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fairness } from '@teamboard/contract';
import { SMALL_SCALE, type CourseScale } from './generator/index.js';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { seedCourse } from './lib/course-seed.js';
import { benchOnEachDatabase, figure, latencyFigures, memoryFigures, type Figure } from './lib/figures.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4660);
const BUDGET_MS = 50;

/**
 * One team of 6 students (the owner and 5 members; its 2 teachers are viewers, whom the page does
 * not list) over 16 weeks; the rest of the small course is only the project around them.
 */
const SCALE: CourseScale = {
  ...SMALL_SCALE,
  teams: 1,
  studentsPerTeam: 6,
  standupsPerTeam: 560,
  evaluationsPerTeam: 2,
  semesterStart: '2026-08-31',
  semesterEnd: '2026-12-20',
};

/** The calls the fairness page makes, and who makes them. */
const CALLS: { name: string; as: 'owner' | 'member'; query: string }[] = [
  { name: 'fairness, semester (owner)', as: 'owner', query: 'from=2026-08-31&to=2026-12-20' },
  { name: 'fairness, semester (member)', as: 'member', query: 'from=2026-08-31&to=2026-12-20' },
  { name: 'fairness, last 28 days (owner)', as: 'owner', query: 'from=2026-11-23&to=2026-12-20' },
];

async function benchmark(postgresUrl: string | undefined): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-fairness-'));
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
    const { course } = seeded;
    const owner = new BenchClient(app.url);
    await owner.signIn(course.studentEmails[0]!, course.password);
    const member = new BenchClient(app.url);
    await member.signIn(course.studentEmails[1]!, course.password);
    const clients = { owner, member };
    const path = (query: string) => `/api/projects/${course.projectId}/fairness?${query}`;

    // What is measured is real work: the semester's facts of every member.
    const whole = await owner.call<{ data: Fairness }>('GET', path(CALLS[0]!.query));
    if (whole.data.members.length !== 6 || whole.data.totals.hours <= 0) {
      throw new Error(`expected the 6 students with hours, got ${JSON.stringify(whole.data.totals)}`);
    }
    const figures: Figure[] = [
      figure(`${seeded.dialect}: members listed`, whole.data.members.length, '', '', null),
      figure(`${seeded.dialect}: hours in the semester`, whole.data.totals.hours, 'h', '', null),
      figure(`${seeded.dialect}: closed tasks in the semester`, whole.data.totals.tasks_closed, '', '', null),
      figure(`${seeded.dialect}: flags in the semester`, whole.data.flags.length, '', '', null),
    ];
    for (const call of CALLS) {
      const timings: number[] = [];
      for (let i = 0; i < REQUESTS + 5; i += 1) {
        const started = performance.now();
        await clients[call.as].call('GET', path(call.query));
        if (i >= 5) timings.push(performance.now() - started);
      }
      figures.push(...latencyFigures(seeded.dialect, call.name, timings, BUDGET_MS));
    }
    const problems = app.problems();
    if (problems.length > 0) throw new Error(`the server complained:\n${problems.join('\n')}`);
    figures.push(...memoryFigures(idleRss, app.peakRssMb(), `${seeded.dialect}: server`));
    return figures;
  } finally {
    await app.stop();
    await seeded.dispose();
  }
}

await benchOnEachDatabase('fairness', { members: 6, weeks: 16, requests: REQUESTS }, benchmark);
