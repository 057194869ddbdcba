/**
 * Roster import (issue 23, course templates): a teacher's 360-student roster (60 teams of 6) imported
 * over HTTP into the built app, on SQLite and on PostgreSQL. The template is a course's usual one
 * (3 boards of 5 columns, 8 labels, 8 milestones), so the import makes 60 projects, 180 boards, 900
 * columns, 480 labels, 480 milestones, 120 viewer seats (the teacher and a co-teacher) and 360
 * invitations with their 360 queued mails, in one transaction. Printed beside the budget (≤ 10 s);
 * the dry run and a second import of the same file (which must change nothing) beside it.
 *   npm run build && npm run bench:roster-import            # SQLite, then PostgreSQL when reachable
 * Knobs: BENCH_TEAMS (default 60), BENCH_TEAM_SIZE (6), BENCH_DIALECTS=sqlite,postgres,
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test: a scratch database is made there).
 */
import type { CourseTemplate, RosterPlan } from '@teamboard/contract';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { figure, memoryFigures, printFigures, writeResults, type Figure } from './lib/figures.js';
import { createScratchDatabase, type ScratchDatabase } from './lib/services.js';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 60);
const TEAM_SIZE = Number(process.env.BENCH_TEAM_SIZE ?? 6);
const PORT = Number(process.env.BENCH_PORT ?? 4670);
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUDGET_MS = 10_000;
const PASSWORD = 'bench-password-123';
const TEACHER = 'teacher@bench.example';
const CO_TEACHER = 'co-teacher@bench.example';

type Dialect = 'sqlite' | 'postgres';

/** A course's template: 3 boards of 5 columns, 8 labels, 8 two-week milestones of the semester. */
const TEMPLATE = {
  name: 'Software Engineering II',
  year: 3,
  semester: '2026-2',
  boards: ['Product', 'Sprint', 'Bugs'].map((name) => ({
    name,
    columns: ['Backlog', 'To do', 'Doing', 'Review', 'Done'].map((column) => ({ name: column })),
  })),
  labels: ['bug', 'feature', 'docs', 'test', 'ux', 'infra', 'research', 'chore'].map((name, index) => ({
    name,
    color: `#${(0x224488 + index * 0x111111).toString(16).slice(-6)}`,
  })),
  milestones: Array.from({ length: 8 }, (_, index) => {
    const start = new Date(Date.UTC(2026, 7, 31 + index * 14));
    const end = new Date(start.getTime() + 13 * 86_400_000);
    return {
      name: `Sprint ${index + 1}`,
      start_date: start.toISOString().slice(0, 10),
      deadline: end.toISOString().slice(0, 10),
      sprint: true,
    };
  }),
};

/** The roster as Excel in Spanish writes it: a BOM, `;`, Spanish headers, CRLF, a quoted name. */
function roster(): string {
  const lines = ['\uFEFFcorreo;nombre;equipo;sección;grupo'];
  for (let team = 1; team <= TEAMS; team += 1) {
    const section = String.fromCharCode(65 + (team % 4));
    for (let student = 1; student <= TEAM_SIZE; student += 1) {
      const n = (team - 1) * TEAM_SIZE + student;
      lines.push(`student-${n}@uni.example;"Apellido ${n}; Nombre";Equipo ${team};${section};${team % 3}`);
    }
  }
  return lines.join('\r\n') + '\r\n';
}

async function startApp(dialect: Dialect): Promise<{ app: BenchApp; database?: ScratchDatabase } | null> {
  let database: ScratchDatabase | undefined;
  if (dialect === 'postgres') {
    try {
      database = await createScratchDatabase(POSTGRES_URL);
    } catch (error) {
      console.log(`Skipping PostgreSQL: ${POSTGRES_URL}: ${(error as Error).message}`);
      return null;
    }
  }
  // Never a database or Redis inherited from the shell: one instance, on the database named here.
  const app = new BenchApp(PORT + (dialect === 'sqlite' ? 1 : 2), {
    DATABASE_URL: database?.url ?? '',
    REDIS_URL: '',
  });
  try {
    // Administrators are staff too: the importing teacher and the co-teacher.
    app.createAdmin(TEACHER, PASSWORD);
    app.createAdmin(CO_TEACHER, PASSWORD);
    await app.start();
  } catch (error) {
    await app.stop();
    await database?.drop();
    throw error;
  }
  return { app, database };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

function expectPlan(plan: RosterPlan, expected: Partial<RosterPlan['summary']>, what: string): void {
  for (const [key, value] of Object.entries(expected)) {
    const actual = plan.summary[key as keyof RosterPlan['summary']];
    if (actual !== value)
      throw new Error(
        `${what}: expected ${key} ${value}, got ${actual} (${JSON.stringify(plan.errors.slice(0, 3))})`,
      );
  }
}

async function benchmark(dialect: Dialect): Promise<Figure[]> {
  const started = await startApp(dialect);
  if (!started) return [];
  const { app, database } = started;
  try {
    const idleRss = await app.idleRssMb();
    const teacher = new BenchClient(app.url);
    await teacher.signIn(TEACHER, PASSWORD);
    const template = (await teacher.call<{ data: CourseTemplate }>('POST', '/api/course_templates', TEMPLATE))
      .data;
    const body = { csv: roster(), co_teachers: [CO_TEACHER] };
    const path = `/api/course_templates/${template.id}/roster`;
    const students = TEAMS * TEAM_SIZE;

    const dryRun = await timed(() =>
      teacher.call<{ data: RosterPlan }>('POST', path, { ...body, dry_run: true }),
    );
    expectPlan(dryRun.value.data, { teams_to_create: TEAMS, invitations_to_send: students }, 'dry run');
    const imported = await timed(() => teacher.call<{ data: RosterPlan }>('POST', path, body));
    expectPlan(
      imported.value.data,
      { teams_to_create: TEAMS, invitations_to_send: students, viewers_to_add: TEAMS * 2 },
      'import',
    );
    const again = await timed(() => teacher.call<{ data: RosterPlan }>('POST', path, body));
    expectPlan(
      again.value.data,
      { teams_to_create: 0, invitations_to_send: 0, viewers_to_add: 0, teams_unchanged: TEAMS },
      're-import',
    );
    const listed = (await teacher.call<{ data: CourseTemplate[] }>('GET', '/api/course_templates')).data;
    if (listed[0]?.projects.length !== TEAMS)
      throw new Error(`expected ${TEAMS} team projects on the template`);

    const peakRss = app.peakRssMb();
    await app.stop();
    const problems = app.problems();
    for (const line of problems.slice(0, 10)) console.warn(`server: ${line}`);
    const label = `${dialect}: ${students} students, ${TEAMS} teams`;
    return [
      figure(`${label}: import`, imported.ms, 'ms', `≤ ${BUDGET_MS} ms`, imported.ms <= BUDGET_MS),
      figure(`${label}: dry run (the preview)`, dryRun.ms, 'ms', '', null),
      figure(`${label}: same file again (nothing to do)`, again.ms, 'ms', '', null),
      figure(`${label}: projects made`, imported.value.data.summary.teams_to_create, '', '', null),
      figure(`${label}: invitations sent`, imported.value.data.summary.invitations_to_send, '', '', null),
      ...memoryFigures(idleRss, peakRss, `${dialect}: server`),
      figure(`${dialect}: server warnings and errors`, problems.length, '', '0', problems.length === 0),
    ];
  } finally {
    await app.stop();
    await database?.drop();
  }
}

async function main(): Promise<void> {
  const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];
  const figures: Figure[] = [];
  for (const dialect of wanted) figures.push(...(await benchmark(dialect)));
  printFigures(figures);
  writeResults('roster-import', { teams: TEAMS, team_size: TEAM_SIZE }, figures);
}

await main();
