/**
 * Course overview (issue 23): a teacher's dashboard tab over 60 teams of 6 students and a 16-week
 * semester of generated data that ends today (hours, boards with thousands of tasks, comments,
 * stand-ups, sprints) plus a repository per team with its commits and merged pull requests. The
 * tab's one API call (and its CSV), asked BENCH_REQUESTS times one after the other over HTTP on the
 * built app; p50 beside the budget (≤ 300 ms at concurrency 1), p95 beside it.
 *   npm run build && npm run bench:course-overview      # SQLite, then PostgreSQL when DATABASE_URL is set
 * Knobs: BENCH_REQUESTS (default 50), BENCH_TEAMS (default 60), BENCH_DIALECTS=sqlite,postgres.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CourseOverview } from '@teamboard/contract';
import { sql } from 'kysely';
import { FULL_SCALE, teacherEmail, type CourseScale } from './generator/index.js';
import { createDatabase, type Db } from './generator/server.js';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { seedCourse, type Seeded } from './lib/course-seed.js';
import { benchOnEachDatabase, figure, latencyFigures, memoryFigures, type Figure } from './lib/figures.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 4670);
const BUDGET_MS = 300;
const DAY_MS = 86_400_000;
const WEEKS = 16;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The course: 60 teams of 6 (FULL_SCALE's shape and per-team volumes), 12 teachers in 6 sections,
 * 8 two-week sprints, a semester of 16 weeks ending today, so "this week" holds real work. Hours and
 * comments grow with the number of teams as in the 40-team full course.
 */
function scaleOf(teams: number): CourseScale {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00.000Z`);
  const perTeam = (total: number) => Math.round((total / FULL_SCALE.teams) * teams);
  return {
    ...FULL_SCALE,
    teams,
    studentsPerTeam: 6,
    teachers: 12,
    teachersPerTeam: 2,
    sprintsPerProject: 8,
    hours: perTeam(FULL_SCALE.hours),
    comments: perTeam(FULL_SCALE.comments),
    standupsPerTeam: 360,
    evaluationsPerTeam: 0,
    semesterStart: isoDay(today - (WEEKS * 7 - 1) * DAY_MS),
    semesterEnd: isoDay(today),
  };
}

/**
 * The generator links no repositories; each team gets one here, as a sync would leave it: 6
 * commits per semester day (by its members) and 2 merged pull requests a week.
 */
async function addCodeHosting(db: Db, seeded: Seeded, scale: CourseScale): Promise<number> {
  const start = Date.parse(`${scale.semesterStart}T00:00:00.000Z`);
  const days = WEEKS * 7;
  let commits = 0;
  for (const { projectId } of seeded.course.projects) {
    const repository = await db
      .insertInto('repositories')
      .values({
        project_id: projectId,
        provider: 'git',
        name: `team-${projectId}`,
        url: `/srv/git/team-${projectId}.git`,
        webhook_secret_sealed: 'sealed',
        sync_state: 'idle',
        created_at: new Date(start).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: days * 6 }, (_, index) => {
      const at = new Date(
        start + Math.floor(index / 6) * DAY_MS + (9 + (index % 6) * 2) * 3_600_000,
      ).toISOString();
      return {
        repository_id: repository.id,
        sha: `${projectId.toString(16)}${index.toString(16)}`.padStart(40, '0'),
        message: `Work #${index}`,
        author_name: 'Student',
        author_email: 'student@course.example',
        committed_at: at,
        created_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('commits')
        .values(rows.slice(i, i + 500))
        .execute();
    commits += rows.length;
    const pulls = Array.from({ length: WEEKS * 2 }, (_, index) => {
      const merged = new Date(start + index * 3.5 * DAY_MS + 15 * 3_600_000).toISOString();
      return {
        repository_id: repository.id,
        number: index + 1,
        title: `Feature ${index + 1}`,
        body: '',
        state: 'merged' as const,
        branch: `feature-${index + 1}`,
        reviewers: '[]',
        opened_at: merged,
        updated_at: merged,
        merged_at: merged,
      };
    });
    await db.insertInto('pull_requests').values(pulls).execute();
  }
  // As after the generator (lib/course-seed.ts): a running server would have planner statistics.
  if (seeded.dialect === 'postgres') await sql`analyze`.execute(db);
  return commits;
}

async function timed(times: number, call: () => Promise<unknown>): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < times + 5; i += 1) {
    const started = performance.now();
    await call();
    if (i >= 5) timings.push(performance.now() - started);
  }
  return timings;
}

async function benchmark(postgresUrl: string | undefined): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-course-overview-'));
  const scale = scaleOf(TEAMS);
  const seeded = await seedCourse(dataDir, { scale, postgresUrl });
  const { db } = createDatabase(
    postgresUrl
      ? { dialect: 'postgres', url: seeded.env.DATABASE_URL! }
      : { dialect: 'sqlite', file: join(dataDir, 'teamboard.sqlite') },
  );
  const commits = await addCodeHosting(db, seeded, scale).finally(() => db.destroy());
  const app = new BenchApp(PORT, {
    ...seeded.env,
    DATA_DIR: dataDir,
    SECRET_KEY: `bench-${randomBytes(16).toString('hex')}`,
    DATABASE_URL: seeded.env.DATABASE_URL ?? '',
  });
  try {
    await app.start();
    const idleRss = await app.idleRssMb();
    const teacher = new BenchClient(app.url);
    await teacher.signIn(teacherEmail(1), seeded.course.password);
    const path = '/api/dashboard/course_overview';

    // What is measured is real work: every team with a week of numbers.
    const whole = await teacher.call<{ data: CourseOverview }>('GET', path);
    const { teams, filters } = whole.data;
    const hours = teams.reduce((sum, team) => sum + team.hours_week, 0);
    if (teams.length !== TEAMS || hours <= 0 || teams.some((team) => team.commits_week === null)) {
      throw new Error(
        `expected ${TEAMS} teams with hours and commits this week, got ${teams.length} (${hours} h)`,
      );
    }
    const section = filters.sections[0]!;
    const csv = async () => {
      const response = await fetch(`${app.url}${path}.csv?sort=hours_week&direction=desc`, {
        headers: teacher.authHeaders,
      });
      if (!response.ok) throw new Error(`CSV → ${response.status}`);
      return response.text();
    };
    const lines = (await csv()).split('\r\n').length - 2;
    const figures: Figure[] = [
      figure(`${seeded.dialect}: teams listed`, teams.length, '', '', null),
      figure(`${seeded.dialect}: sections`, filters.sections.length, '', '', null),
      figure(`${seeded.dialect}: hours this week (all teams)`, hours, 'h', '', null),
      figure(
        `${seeded.dialect}: teams with a highlight`,
        teams.filter((t) => t.outliers.length > 0).length,
        '',
        '',
        null,
      ),
      figure(
        `${seeded.dialect}: teams with a burndown today`,
        teams.filter((t) => t.burndown).length,
        '',
        '',
        null,
      ),
      figure(`${seeded.dialect}: commits in the course`, commits, '', '', null),
      figure(`${seeded.dialect}: CSV rows`, lines, '', '', null),
    ];
    const calls = [
      { name: `course overview, ${TEAMS} teams`, run: () => teacher.call('GET', path) },
      {
        name: `course overview, one section`,
        run: () => teacher.call('GET', `${path}?section=${encodeURIComponent(section)}&sort=hours_week`),
      },
      { name: `course overview CSV, ${TEAMS} teams`, run: csv },
    ];
    for (const call of calls) {
      const timings = await timed(REQUESTS, call.run);
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
  'course-overview',
  { teams: TEAMS, students_per_team: 6, weeks: WEEKS, requests: REQUESTS },
  benchmark,
);
