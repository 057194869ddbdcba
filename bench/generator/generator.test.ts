import { BoardDetailResponseSchema, ProjectListResponseSchema } from '@teamboard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppOnDatabase,
  createTestDatabase,
  isDatabaseAvailable,
  TEST_DIALECT,
} from './app-on-database.js';
import { findViolations, sqliteFileProblems } from './course-checks.js';
import { dumpDigests } from './dump.js';
import { expectedCounts } from './expected-counts.js';
import { generateCourse } from './generate-course.js';
import { ADMIN_EMAIL, COURSE_PASSWORD, studentEmail, teacherEmail } from './identities.js';
import { SMALL_SCALE } from './scale.js';
import type { CourseSummary } from './summary.js';
import { TABLES, type TableCounts } from './tables.js';
import { boardWriteCounts } from './board-writes.js';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const SEED = 42;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function tableCounts(database: TestDatabase): Promise<TableCounts> {
  const counts = {} as TableCounts;
  for (const { name } of TABLES) {
    const row = await database.db
      .selectFrom(name)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    counts[name] = Number(row.count);
  }
  return counts;
}

async function signIn(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign_in',
    payload: { email, password: COURSE_PASSWORD },
  });
  expect(response.statusCode, `${email} signs in`).toBe(200);
  const headers = Object.fromEntries(
    ['access-token', 'client', 'uid'].map((name) => [name, String(response.headers[name])]),
  );
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

describe.skipIf(!isDatabaseAvailable)(`generateCourse, small scale (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let summary: CourseSummary;

  beforeAll(async () => {
    database = await createTestDatabase();
    summary = await generateCourse(database.db, { seed: SEED, scale: SMALL_SCALE });
  });
  afterAll(() => database?.drop());

  it('writes exactly the rows the scale promises and the summary reports', async () => {
    const counts = await tableCounts(database);
    expect(counts).toEqual(summary.counts);
    expect(counts).toMatchObject(expectedCounts(SMALL_SCALE));
    // The promise in plain numbers: 2 teams of 5 students, 2 teachers, 1 admin; 3 boards of 10 columns each.
    expect(counts).toMatchObject({
      users: 13,
      folders: 13,
      projects: 2,
      project_members: 14,
      project_invitations: 6,
      activities: 32,
      labels: 16,
      milestones: 18,
      boards: 6,
      columns: 60,
      tasks: 200 + 5 * 20,
      hours: 2000,
      comments: 400,
      standups: 2 * 200,
      // One peer evaluation per team: 5 students each rating the 4 others on 8 questions.
      evaluations: 2,
      evaluation_members: 2 * 5,
      evaluation_questions: 2 * 8,
      evaluation_responses: 2 * 5,
      evaluation_answers: 2 * 5 * 4 * 8,
    });
    expect(counts.task_logs).toBeGreaterThan(counts.tasks);
    expect(counts.checklist_items).toBeGreaterThan(0);
    expect(summary.bigBoard).toMatchObject({ taskCount: 200, ownerEmail: studentEmail(1, 1) });
    expect(summary.bigBoard.columns).toHaveLength(10);
  });

  it('keeps every invariant of the app', async () => {
    expect(await findViolations(database.db, summary.now)).toEqual({});
    const fileProblems = await sqliteFileProblems(database.db);
    if (fileProblems) {
      expect(fileProblems.foreignKeys).toEqual([]);
      expect(fileProblems.integrity).toEqual([{ integrity_check: 'ok' }]);
    }
  });

  it("writes values in the services' formats and counts every board write in its version", async () => {
    const users = await database.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((user) => user.email)).toContain(ADMIN_EMAIL);
    expect(new Set(users.map((user) => user.password_hash)).size).toBe(1);
    for (const user of users) expect(user.created_at).toMatch(ISO_TIMESTAMP);
    const tasks = await database.db.selectFrom('tasks').select(['completed', 'position']).execute();
    expect(new Set(tasks.map((task) => task.completed))).toEqual(new Set([0, 1]));
    expect(tasks.some((task) => !Number.isInteger(task.position))).toBe(true);
    for (const board of await boardWriteCounts(database.db)) expect(board.version).toBe(board.writes);
  });

  it('is served by the real app to students, teachers and the admin', async () => {
    const { app, close } = await buildAppOnDatabase(database, summary.now);
    try {
      const student = await signIn(app, studentEmail(1, 2));
      const projects = ProjectListResponseSchema.parse((await student('GET', '/api/projects')).json());
      expect(projects.data.map((project) => [project.id, project.role])).toEqual([
        [summary.bigBoard.projectId, 'member'],
      ]);
      const response = await student('GET', `/api/boards/${summary.bigBoard.id}`);
      expect(response.statusCode).toBe(200);
      const board = BoardDetailResponseSchema.parse(response.json()).data;
      expect(board.tasks).toHaveLength(200);
      expect(board.columns.map((column) => column.id)).toEqual(
        summary.bigBoard.columns.map((column) => column.id),
      );
      const teacher = await signIn(app, teacherEmail(1));
      expect((await teacher('GET', `/api/boards/${summary.bigBoard.id}`)).statusCode).toBe(200);
      await signIn(app, ADMIN_EMAIL);
      // New rows continue the generated ids (PostgreSQL sequences were moved past them).
      const column = summary.bigBoard.columns[0]!;
      const created = await student('POST', `/api/columns/${column.id}/tasks`, {
        title: 'After the generator',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.id).toBe(summary.counts.tasks + 1);
      const hour = await student('POST', `/api/tasks/${summary.bigBoard.taskId}/hours`, {
        hours: 1,
        date: '2026-12-18',
      });
      expect(hour.json().data.id).toBe(summary.counts.hours + 1);
    } finally {
      await close();
    }
  });
});

/** The table digests of a small course generated with `seed` into a database of its own. */
async function generatedDigests(seed: number) {
  const database = await createTestDatabase();
  try {
    await generateCourse(database.db, { seed, scale: SMALL_SCALE });
    return await dumpDigests(database.db);
  } finally {
    await database.drop();
  }
}

describe.skipIf(!isDatabaseAvailable)(`generateCourse determinism (${TEST_DIALECT})`, () => {
  it('writes identical tables for the same seed and different ones for another seed', async () => {
    const first = await generatedDigests(SEED);
    expect(await generatedDigests(SEED)).toEqual(first);
    const other = await generatedDigests(SEED + 1);
    for (const table of ['users', 'tasks', 'task_logs', 'hours', 'comments'] as const) {
      expect(other[table], table).not.toBe(first[table]);
    }
  });
});
