/**
 * Evaluation results (issue 18): "results of a 40-team peer evaluation ≤ 100 ms p50". A course of 40
 * teams of 6 students, each team with one sent peer evaluation of 8 questions (6 scale, 2 text) that
 * every member submitted about every other (6 × 5 × 8 = 240 answers a team, 9,600 in all; seeded by
 * the generator, scale.evaluationsPerTeam), and one course-wide evaluation: 40 members of one project
 * rating each other on 8 questions (40 × 39 × 8 = 12,480 answers), written through the API (invited,
 * created, sent, every member PUTs their answers with submit). `GET /api/evaluations/:id/results`
 * asked BENCH_REQUESTS times one after the other over HTTP on the built app: as each team's owner
 * (every subject) rotating through the 40 team evaluations, as the owner of the 40-member one, and as
 * a member once it expired (their own block). p50 beside the 100 ms budget, p95 beside it.
 *   npm run build && npm run bench:evaluations      # SQLite, then PostgreSQL when DATABASE_URL is set
 * Knobs: BENCH_REQUESTS (default 100), BENCH_DIALECTS=sqlite,postgres, BENCH_TEAMS (default 40),
 * BENCH_COURSE_MEMBERS (default 40; at most 6 × BENCH_TEAMS).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Evaluation,
  EvaluationAnswersInputBody,
  EvaluationInputBody,
  EvaluationList,
  EvaluationResults,
  Folder,
  Member,
  MyEvaluationAnswers,
  ReceivedInvitation,
} from '@teamboard/contract';
import { SMALL_SCALE, type CourseScale } from './generator/index.js';
import { BenchApp } from './lib/app-process.js';
import { BenchClient, inBatches } from './lib/client.js';
import { seedCourse, type SeededCourse } from './lib/course-seed.js';
import { benchOnEachDatabase, figure, memoryFigures, percentile, type Figure } from './lib/figures.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4650);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 40);
const STUDENTS_PER_TEAM = 6;
const COURSE_MEMBERS = Math.min(Number(process.env.BENCH_COURSE_MEMBERS ?? 40), TEAMS * STUDENTS_PER_TEAM);
const QUESTIONS = 8;
const BUDGET_MS = 100;

/**
 * 40 teams of 6 students (2 teachers for all of them), one peer evaluation each. The rest of the small
 * course (boards, tasks, hours, comments) is only the projects around them; no stand-ups.
 */
const SCALE: CourseScale = {
  ...SMALL_SCALE,
  teams: TEAMS,
  studentsPerTeam: STUDENTS_PER_TEAM,
  standupsPerTeam: 0,
  evaluationsPerTeam: 1,
};

const COURSE_QUESTIONS: EvaluationInputBody['questions'] = [
  ...['Contribution', 'Punctuality', 'Communication', 'Help to others', 'Quality', 'Participation'].map(
    (text) => ({ kind: 'scale' as const, text }),
  ),
  { kind: 'text', text: 'What do they do best?' },
  { kind: 'text', text: 'What could they improve?' },
];

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function signedIn(url: string, email: string, password: string): Promise<BenchClient> {
  const client = new BenchClient(url);
  await client.signIn(email, password);
  return client;
}

/** Answers `results` describe: each subject's answered count over every question. */
const answersIn = (results: EvaluationResults) =>
  results.subjects.reduce((total, s) => total + s.questions.reduce((n, q) => n + q.answered, 0), 0);

/**
 * The course-wide evaluation through the API: team 1's owner invites students of the next teams until
 * the project has COURSE_MEMBERS students, each accepts into their default folder; the owner creates
 * and sends a team evaluation to all of them; each submits a rating of every other one.
 */
async function seedCourseEvaluation(
  url: string,
  course: SeededCourse,
  owner: BenchClient,
): Promise<{ evaluation: Evaluation; members: BenchClient[] }> {
  const base = `/api/projects/${course.projectId}`;
  const teamOne = course.studentEmails.slice(0, STUDENTS_PER_TEAM);
  const invited = course.studentEmails.slice(STUDENTS_PER_TEAM, Math.max(STUDENTS_PER_TEAM, COURSE_MEMBERS));
  const clients = new Map<string, BenchClient>([[teamOne[0]!, owner]]);
  await inBatches([...teamOne.slice(1), ...invited], 4, async (email) => {
    clients.set(email, await signedIn(url, email, course.password));
  });
  for (const email of invited) await owner.call('POST', `${base}/invitations`, { email, role: 'member' });
  await inBatches(invited, 4, async (email) => {
    const client = clients.get(email)!;
    const received = await client.call<{ data: ReceivedInvitation[] }>('GET', '/api/project_invitations');
    const invitation = received.data.find((i) => i.project_id === course.projectId)!;
    const folders = await client.call<{ data: Folder[] }>('GET', '/api/folders');
    const folder = folders.data.find((f) => f.is_default)!;
    await client.call('POST', `/api/project_invitations/${invitation.id}/accept_invitation`, {
      folder_id: folder.id,
    });
  });
  const emails = [...teamOne, ...invited].slice(0, COURSE_MEMBERS);
  const people = await owner.call<{ data: Member[] }>('GET', `${base}/members`);
  const memberIds = emails.map((email) => people.data.find((m) => m.email === email)!.id);
  const { today } = (await owner.call<{ data: EvaluationList }>('GET', `${base}/evaluations`)).data;
  const created = await owner.call<{ data: Evaluation }>('POST', `${base}/evaluations`, {
    title: 'Course peer evaluation',
    description: 'Rate every classmate of the course.',
    type: 'team',
    initial_date: today,
    deadline: addDays(today, 7),
    member_ids: memberIds,
    questions: COURSE_QUESTIONS,
  } satisfies EvaluationInputBody);
  const id = created.data.id;
  await owner.call('POST', `/api/evaluations/${id}/send`);
  const members = emails.map((email) => clients.get(email)!);
  await inBatches(members, 4, async (client) => {
    const mine = await client.call<{ data: MyEvaluationAnswers }>('GET', `/api/evaluations/${id}/answers`);
    const answers: EvaluationAnswersInputBody['answers'] = mine.data.subjects.flatMap((subject, s) =>
      created.data.questions.map((question, q) =>
        question.kind === 'scale'
          ? { question_id: question.id, subject_id: subject.user_id, score: ((s + q) % 5) + 1 }
          : { question_id: question.id, subject_id: subject.user_id, text: `Comment ${(s * 7 + q) % 13}` },
      ),
    );
    await client.call('PUT', `/api/evaluations/${id}/answers`, { answers, submit: true });
  });
  const evaluation = await owner.call<{ data: Evaluation }>('GET', `/api/evaluations/${id}`);
  return { evaluation: evaluation.data, members };
}

/** REQUESTS timed calls (after 5 warm-ups) of `path(i)` by `client(i)`: p50 beside the budget, p95. */
async function measure(
  name: string,
  client: (i: number) => BenchClient,
  path: (i: number) => string,
): Promise<Figure[]> {
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS + 5; i += 1) {
    const started = performance.now();
    await client(i).call('GET', path(i));
    if (i >= 5) timings.push(performance.now() - started);
  }
  const p50 = percentile(timings, 50);
  return [
    figure(`${name}, p50`, p50, 'ms', `≤ ${BUDGET_MS} ms`, p50 <= BUDGET_MS),
    figure(`${name}, p95`, percentile(timings, 95), 'ms', '', null),
  ];
}

async function benchmark(postgresUrl: string | undefined): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-evaluations-'));
  const seeded = await seedCourse(dataDir, { scale: SCALE, postgresUrl });
  const app = new BenchApp(PORT, {
    ...seeded.env,
    DATA_DIR: dataDir,
    SECRET_KEY: `bench-${randomBytes(16).toString('hex')}`,
    DATABASE_URL: seeded.env.DATABASE_URL ?? '',
  });
  const dialect = seeded.dialect;
  try {
    await app.start();
    const idleRss = await app.idleRssMb();
    const { course } = seeded;
    const owners: BenchClient[] = [];
    await inBatches([...course.projects.entries()], 4, async ([index, { ownerEmail }]) => {
      owners[index] = await signedIn(app.url, ownerEmail, course.password);
    });
    // Each team's peer evaluation, by its owner.
    const teamEvaluations: number[] = [];
    for (const [index, { projectId }] of course.projects.entries()) {
      const list = await owners[index]!.call<{ data: EvaluationList }>(
        'GET',
        `/api/projects/${projectId}/evaluations`,
      );
      teamEvaluations.push(list.data.evaluations.find((e) => e.type === 'team')!.id);
    }

    const started = performance.now();
    const courseWide = await seedCourseEvaluation(app.url, course, owners[0]!);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(
      `${dialect}: the ${COURSE_MEMBERS}-member evaluation answered through the API in ${seedSeconds.toFixed(1)} s`,
    );

    // What is measured is real work: every answer of every member about every other.
    const teamOne = await owners[0]!.call<{ data: EvaluationResults }>(
      'GET',
      `/api/evaluations/${teamEvaluations[0]}/results`,
    );
    const teamAnswers = STUDENTS_PER_TEAM * (STUDENTS_PER_TEAM - 1) * QUESTIONS;
    if (teamOne.data.subjects.length !== STUDENTS_PER_TEAM || answersIn(teamOne.data) !== teamAnswers) {
      throw new Error(`team 1's results: expected ${teamAnswers} answers about ${STUDENTS_PER_TEAM} members`);
    }
    // A student owner reads peer ratings only once the evaluation is over (docs/product.md, Evaluations).
    await owners[0]!.call('POST', `/api/evaluations/${courseWide.evaluation.id}/close`);
    const wide = await owners[0]!.call<{ data: EvaluationResults }>(
      'GET',
      `/api/evaluations/${courseWide.evaluation.id}/results`,
    );
    const wideAnswers = COURSE_MEMBERS * (COURSE_MEMBERS - 1) * QUESTIONS;
    if (wide.data.submitted_count !== COURSE_MEMBERS || answersIn(wide.data) !== wideAnswers) {
      throw new Error(
        `the course-wide results: expected ${wideAnswers} answers, got ${answersIn(wide.data)}`,
      );
    }
    const figures: Figure[] = [
      figure(`${dialect}: team evaluations`, teamEvaluations.length, '', '', null),
      figure(
        `${dialect}: answers in the team evaluations`,
        teamEvaluations.length * teamAnswers,
        '',
        '',
        null,
      ),
      figure(`${dialect}: answers in the ${COURSE_MEMBERS}-member evaluation`, wideAnswers, '', '', null),
      figure(
        `${dialect}: ${COURSE_MEMBERS}-member evaluation seeded through the API`,
        seedSeconds,
        's',
        '',
        null,
      ),
    ];

    figures.push(
      ...(await measure(
        `${dialect}: results, team evaluation (owner: 6 subjects, rotating over ${teamEvaluations.length})`,
        (i) => owners[i % owners.length]!,
        (i) => `/api/evaluations/${teamEvaluations[i % teamEvaluations.length]}/results`,
      )),
      ...(await measure(
        `${dialect}: results, ${COURSE_MEMBERS}-member evaluation (owner: every subject)`,
        () => owners[0]!,
        () => `/api/evaluations/${courseWide.evaluation.id}/results`,
      )),
    );

    // Once it ended, a member reads the block about themselves.
    await owners[0]!.call('POST', `/api/evaluations/${courseWide.evaluation.id}/close`);
    const member = courseWide.members[1]!;
    const own = await member.call<{ data: EvaluationResults }>(
      'GET',
      `/api/evaluations/${courseWide.evaluation.id}/results`,
    );
    if (own.data.withheld !== null || own.data.subjects.length !== 1) {
      throw new Error(
        `a member's results: withheld ${own.data.withheld}, ${own.data.subjects.length} blocks`,
      );
    }
    figures.push(
      ...(await measure(
        `${dialect}: results, ${COURSE_MEMBERS}-member evaluation (member, expired: own block)`,
        () => member,
        () => `/api/evaluations/${courseWide.evaluation.id}/results`,
      )),
    );
    const problems = app.problems();
    if (problems.length > 0) throw new Error(`the server complained:\n${problems.join('\n')}`);
    figures.push(...memoryFigures(idleRss, app.peakRssMb(), `${dialect}: server`));
    return figures;
  } finally {
    await app.stop();
    await seeded.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchOnEachDatabase(
  'evaluations',
  {
    teams: TEAMS,
    students_per_team: STUDENTS_PER_TEAM,
    questions: QUESTIONS,
    course_members: COURSE_MEMBERS,
    requests: REQUESTS,
  },
  benchmark,
);
