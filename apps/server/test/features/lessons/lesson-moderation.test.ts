import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { up as dropLessonSelfVotes } from '../../../src/db/migrations/2026_12_02_0500_drop_lesson_self_votes.js';
import { LessonModeration } from '../../../src/features/lessons/lesson-moderation.js';
import { DAY_MS } from '../../../src/lib/clock.js';
import type { UserRow } from '../../../src/users/users.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const LESSON = {
  title: 'Write unit tests before refactoring',
  problem: 'We refactored the payment module and broke three features nobody noticed for a week.',
  solution: 'Cover the module with unit tests first, then refactor in small steps.',
  tags: ['testing'],
  language: 'en',
};

interface Person {
  user: UserRow;
  api: Api;
}

/**
 * Moderation of lessons (docs/decisions.md, Lessons: who can hide a lesson): authors neither vote for
 * nor report their own lessons; a report counts toward hiding only from an account with standing
 * (confirmed, 7 days old, in a team of two or more); hiding needs the threshold of counting reports
 * from members of more than one project; admins, and only admins, see who reported.
 */
describe.skipIf(!isDatabaseAvailable)('lesson moderation', () => {
  let t: TestApp;
  let author: Person;
  let teammate: Person;
  let admin: Person;
  let lessonId: number;
  let sequence = 0;

  /** An account `daysOld` days old at the test clock's now (the factory's accounts are 21 days old). */
  async function person(name: string, daysOld?: number): Promise<Person> {
    sequence += 1;
    const email = `${name.toLowerCase()}${sequence}@uni.example`;
    const user = await createUser(t.db, { email, name });
    if (daysOld !== undefined) {
      const createdAt = new Date(t.clock.now().getTime() - daysOld * DAY_MS).toISOString();
      await t.db
        .updateTable('users')
        .set({ created_at: createdAt, confirmed_at: createdAt })
        .where('id', '=', user.id)
        .execute();
    }
    return { user, api: apiAs(t.app, await signIn(t.app, email)) };
  }

  /** A project owned by the first person, with the others as members. */
  async function team(name: string, [owner, ...members]: Person[]): Promise<number> {
    const projectId = (await owner!.api('POST', '/api/projects', { name })).json().data.id as number;
    for (const member of members) {
      const folderId = await defaultFolderId(member.api);
      await addMember(t.db, { projectId, userId: member.user.id, role: 'member', folderId });
    }
    return projectId;
  }

  async function reportAll(reporters: Person[]) {
    for (const reporter of reporters) {
      const response = await reporter.api('POST', `/api/lessons/${lessonId}/abuse`, { reason: 'Spam' });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  const isHidden = async () =>
    (await t.db.selectFrom('lessons').select('hidden').where('id', '=', lessonId).executeTakeFirstOrThrow())
      .hidden === 1;
  const reportsSeenByAdmin = async () =>
    (await admin.api('GET', `/api/lessons/${lessonId}/reports`)).json().data;

  beforeEach(async () => {
    t = await buildTestApp();
    author = await person('Ana');
    teammate = await person('Beto');
    admin = await person('Admin');
    await setAccount(t.db, admin.user.id, { account_type: 'admin' });
    const projectId = await team('Team A', [author, teammate]);
    const written = await author.api('POST', `/api/projects/${projectId}/lessons`, {
      ...LESSON,
      submit: true,
    });
    lessonId = written.json().data.lesson_id;
    expect((await admin.api('POST', `/api/lessons/${lessonId}/approve`)).statusCode).toBe(200);
  });
  afterEach(() => t?.close());

  it("refuses the author's vote and report with a localized message, and changes nothing", async () => {
    const authorEs = apiAs(t.app, await signIn(t.app, author.user.email), { 'accept-language': 'es' });
    const before = await snapshot(t.db);
    for (const [method, path, code, message] of [
      ['PUT', 'vote', 'LESSON_OWN_VOTE', 'No puedes votar por tu propia lección.'],
      ['DELETE', 'vote', 'LESSON_OWN_VOTE', 'No puedes votar por tu propia lección.'],
      ['POST', 'abuse', 'LESSON_OWN_REPORT', 'No puedes denunciar tu propia lección.'],
    ] as const) {
      const response = await authorEs(
        method,
        `/api/lessons/${lessonId}/${path}`,
        path === 'abuse' ? {} : undefined,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(code);
      expect(response.json().errors[0]).toContain(message);
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await author.api('GET', `/api/lessons/${lessonId}`)).json().data.is_author).toBe(true);
    expect((await teammate.api('PUT', `/api/lessons/${lessonId}/vote`)).json().data).toMatchObject({
      votes: 1,
      is_author: false,
    });
  });

  it('keeps a lesson shown when three brand-new accounts report it, and tells the admin why', async () => {
    const newcomers = [await person('Nico', 0), await person('Nora', 1), await person('Noel', 6)];
    await team('Team N', newcomers.slice(0, 2));
    await team('Team M', [newcomers[2]!, await person('Mara')]);
    await reportAll(newcomers);
    expect(await isHidden()).toBe(false);
    const seen = await reportsSeenByAdmin();
    expect(seen).toMatchObject({ hidden: false, threshold: 3, counting: 0 });
    expect(seen.reports.map((report: { not_counted_because: string }) => report.not_counted_because)).toEqual(
      ['ACCOUNT_TOO_NEW', 'ACCOUNT_TOO_NEW', 'ACCOUNT_TOO_NEW'],
    );
  });

  it('does not count a report from an account in no team', async () => {
    const loner = await person('Lola');
    await team('Solo', [loner]);
    await reportAll([loner]);
    expect((await reportsSeenByAdmin()).reports[0]).toMatchObject({
      counts: false,
      not_counted_because: 'NO_TEAM',
    });
  });

  it('keeps a lesson shown when every counting report comes from one project', async () => {
    const crew = [await person('Rita'), await person('Raul'), await person('Rosa')];
    const crewId = await team('Team R', crew);
    await reportAll(crew);
    expect(await isHidden()).toBe(false);
    expect(await reportsSeenByAdmin()).toMatchObject({
      counting: 3,
      shared_project: { project_id: crewId, name: 'Team R' },
    });
  });

  it('hides a lesson reported by standing accounts of two projects, and shows the reporters to admins only', async () => {
    const [rita, raul, sara] = [await person('Rita'), await person('Raul'), await person('Sara')];
    await team('Team R', [rita, raul]);
    await team('Team S', [sara, await person('Saul')]);
    await reportAll([rita, raul]);
    expect(await isHidden()).toBe(false);
    await reportAll([sara]);
    expect(await isHidden()).toBe(true);

    const seen = await reportsSeenByAdmin();
    expect(seen).toMatchObject({ lesson_id: lessonId, hidden: true, counting: 3, shared_project: null });
    expect(seen.reports[2]).toEqual({
      reporter: { user_id: sara.user.id, name: 'Sara', email: sara.user.email },
      created_at: t.clock.now().toISOString(),
      reason: 'Spam',
      counts: true,
      not_counted_because: null,
    });
    const teacher = await person('Tere');
    await setAccount(t.db, teacher.user.id, { account_type: 'teacher' });
    expect((await teammate.api('GET', `/api/lessons/${lessonId}/reports`)).statusCode).toBe(403);
    // Team A is public: a teacher may read its hidden lesson, never its reporters.
    expect((await teacher.api('GET', `/api/lessons/${lessonId}/reports`)).statusCode).toBe(403);
    expect((await rita.api('GET', `/api/lessons/${lessonId}/reports`)).statusCode).toBe(404);
  });

  it('shows again, at start, a lesson hidden under the old rule by reports that no longer count', async () => {
    const newcomers = [await person('Nico', 0), await person('Nora', 0), await person('Noel', 0)];
    await reportAll(newcomers);
    await t.db.updateTable('lessons').set({ hidden: 1 }).where('id', '=', lessonId).execute();
    await new LessonModeration({ db: t.db, clock: t.clock, threshold: 3 }).reevaluateAll();
    expect(await isHidden()).toBe(false);
    const found = await newcomers[0]!.api('GET', '/api/lessons/search?q=unit+tests');
    expect(found.json().total).toBe(1);
  });
  it("removes the author's own votes cast before the rule and recounts, leaving others' votes", async () => {
    expect((await teammate.api('PUT', `/api/lessons/${lessonId}/vote`)).statusCode).toBe(200);
    // A self-vote from before the rule: written straight to the table, as the old code allowed.
    await t.db
      .insertInto('lesson_votes')
      .values({ lesson_id: lessonId, user_id: author.user.id, created_at: t.clock.now().toISOString() })
      .execute();
    await t.db.updateTable('lessons').set({ votes: 2 }).where('id', '=', lessonId).execute();
    await dropLessonSelfVotes(t.db as never);
    const lesson = await t.db
      .selectFrom('lessons')
      .select('votes')
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    const voters = await t.db
      .selectFrom('lesson_votes')
      .select('user_id')
      .where('lesson_id', '=', lessonId)
      .execute();
    expect(lesson.votes).toBe(1);
    expect(voters.map((row) => row.user_id)).toEqual([teammate.user.id]);
  });
});
