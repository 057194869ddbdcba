/**
 * Stand-ups (issue 18): a 6-member team over a 16-week semester, 560 stand-ups in English and Spanish
 * (bench/generator/standups.ts: blockers, negations, stress, blocked spells). The analysis page's API,
 * asked BENCH_REQUESTS times one after the other over HTTP on the built app, p50 beside the budget
 * (≤ 50 ms at concurrency 1), p95 beside it.
 *   npm run build && npm run bench:standups                     # SQLite, then PostgreSQL when DATABASE_URL is set
 * Knobs: BENCH_REQUESTS (default 100), BENCH_DIALECTS=sqlite,postgres.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StandupAnalysis } from '@teamboard/contract';
import { SMALL_SCALE, type CourseScale } from './generator/index.js';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { seedCourse } from './lib/course-seed.js';
import { benchOnEachDatabase, figure, latencyFigures, memoryFigures, type Figure } from './lib/figures.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4650);
const BUDGET_MS = 50;
const STANDUPS = 560;

/**
 * One team of 6 students (the owner and 5 members; its 2 teachers are viewers) over 16 weeks, Monday
 * 2026-08-31 to Sunday 2026-12-20: 80 weekdays and 32 weekend days; 560 stand-ups is ≈ 93 each.
 * The rest of the small course (a 200-task board, 2,000 hours) is only the project around them.
 */
const SCALE: CourseScale = {
  ...SMALL_SCALE,
  teams: 1,
  studentsPerTeam: 6,
  standupsPerTeam: STANDUPS,
  semesterStart: '2026-08-31',
  semesterEnd: '2026-12-20',
};

/** The calls the stand-ups pages make, and who makes them. */
const CALLS: { name: string; as: 'owner' | 'member'; path: string }[] = [
  {
    name: 'analysis, semester (owner: everyone)',
    as: 'owner',
    path: 'standups/analysis?start_date=2026-08-31&end_date=2026-12-20',
  },
  {
    name: 'analysis, semester (member: own row)',
    as: 'member',
    path: 'standups/analysis?start_date=2026-08-31&end_date=2026-12-20',
  },
  {
    name: 'analysis, last 2 weeks (owner)',
    as: 'owner',
    path: 'standups/analysis?start_date=2026-12-07&end_date=2026-12-20',
  },
  {
    name: 'list, last week (owner)',
    as: 'owner',
    path: 'standups?start_date=2026-12-14&end_date=2026-12-20',
  },
];

async function benchmark(postgresUrl: string | undefined): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-standups-'));
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
    const base = `/api/projects/${course.projectId}`;

    // What is measured is real work: every stand-up in the range, text signals for every member.
    const whole = await owner.call<{ data: StandupAnalysis }>('GET', `${base}/${CALLS[0]!.path}`);
    const signals = whole.data.members.reduce((total, m) => total + m.signals.length, 0);
    if (whole.data.team.submitted !== course.counts.standups || whole.data.members.length !== 6) {
      throw new Error(
        `expected ${course.counts.standups} stand-ups by 6 members, got ${whole.data.team.submitted} by ${whole.data.members.length}`,
      );
    }
    const figures: Figure[] = [
      figure(`${seeded.dialect}: stand-ups in the semester`, whole.data.team.submitted, '', '', null),
      figure(`${seeded.dialect}: text signals in the semester`, signals, '', '', null),
      figure(
        `${seeded.dialect}: blocked share in the semester`,
        whole.data.team.blocking.frequency,
        '',
        '',
        null,
      ),
    ];

    for (const call of CALLS) {
      const client = clients[call.as];
      const timings: number[] = [];
      for (let i = 0; i < REQUESTS + 5; i += 1) {
        const started = performance.now();
        await client.call('GET', `${base}/${call.path}`);
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

await benchOnEachDatabase(
  'standups',
  { standups: STANDUPS, members: 6, weeks: 16, requests: REQUESTS },
  benchmark,
);
