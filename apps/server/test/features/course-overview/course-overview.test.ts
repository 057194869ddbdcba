import type { CourseOverview, CourseTeam } from '@teamboard/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, setAccount, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { readCsv } from '../../helpers/csv-reader.js';
import { insertBackdatedTask, type BackdatedTask } from '../../helpers/backdated-tasks.js';
import { standupRow } from '../../helpers/seed/standups.js';

/**
 * The course overview (docs/api-course-overview.md) on a hand-computed course. Today is Sunday
 * 2026-11-22 (the test clock), every project counts days in UTC: this week is 11-16 … 11-22, the
 * mood window 11-09 … 11-22.
 *
 * Section A (semester 2026-2) has four teams: A1 and A2 placed by their owner, A3 and A4 inferred
 * from their members' profiles. A4 is the outlier: 2 h against a median of 13 h, nothing closed,
 * no commit, 3 open blockers, a falling mood. Section B has two teams (too few to compare). P is
 * private and the teacher is not in it; Q is private and the teacher is its viewer.
 */
type Profile = { year?: number; semester?: string; section?: string; group?: string };
const stamp = (at: string) => ({ created_at: at, updated_at: at });

async function person(
  t: TestApp,
  name: string,
  profile: Profile = {},
): Promise<{ id: number; folderId: number }> {
  const user = await createUser(t.db, { email: `${name.toLowerCase()}@uni.example`, name });
  if (Object.keys(profile).length > 0)
    await t.db.updateTable('users').set(profile).where('id', '=', user.id).execute();
  const folder = await t.db
    .insertInto('folders')
    .values({ user_id: user.id, name: 'My projects', is_default: 1, created_at: '2026-11-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, folderId: folder.id };
}

interface Team {
  projectId: number;
  columnId: number;
  boardId: number;
  ownerId: number;
}

async function team(
  t: TestApp,
  name: string,
  owner: { id: number; folderId: number },
  others: { user: { id: number; folderId: number }; role: 'member' | 'viewer' }[],
  options: { isPrivate?: boolean } = {},
): Promise<Team> {
  const project = await t.db
    .insertInto('projects')
    .values({
      name,
      is_private: options.isPrivate ? 1 : 0,
      time_zone: 'UTC',
      created_by: owner.id,
      ...stamp('2026-09-01T10:00:00.000Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMember(t.db, { projectId: project.id, userId: owner.id, role: 'owner', folderId: owner.folderId });
  for (const { user, role } of others)
    await addMember(t.db, { projectId: project.id, userId: user.id, role, folderId: user.folderId });
  const board = await t.db
    .insertInto('boards')
    .values({ project_id: project.id, name: 'Board', position: 1, ...stamp('2026-09-01T10:00:00.000Z') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const column = await t.db
    .insertInto('columns')
    .values({ board_id: board.id, name: 'To do', position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { projectId: project.id, boardId: board.id, columnId: column.id, ownerId: owner.id };
}

/** A backdated task of the team, created by its owner. */
function task(t: TestApp, on: Team, options: BackdatedTask = {}): Promise<number> {
  const place = {
    columnId: on.columnId,
    boardId: on.boardId,
    projectId: on.projectId,
    createdBy: on.ownerId,
  };
  return insertBackdatedTask(t.db, place, options);
}

async function taskLog(t: TestApp, taskId: number, field: string, value: string, at: string) {
  await t.db
    .insertInto('task_logs')
    .values({
      task_id: taskId,
      user_id: null,
      user_name: 'X',
      field,
      old_value: null,
      new_value: value,
      created_at: at,
    })
    .execute();
}

async function hours(t: TestApp, on: Team, taskId: number, entries: [string, number][]) {
  for (const [date, amount] of entries)
    await t.db
      .insertInto('hours')
      .values({
        task_id: taskId,
        project_id: on.projectId,
        user_id: on.ownerId,
        hours: amount,
        date,
        ...stamp(`${date}T12:00:00.000Z`),
      })
      .execute();
}

async function standups(t: TestApp, on: Team, userIds: number[], entries: [string, number][]) {
  let index = 0;
  for (const [day, feeling] of entries) {
    const userId = userIds[index++ % userIds.length]!;
    await t.db
      .insertInto('standups')
      .values(standupRow(on.projectId, userId, day, { did: 'x', will_do: 'y', feeling }))
      .execute();
  }
}

async function repository(t: TestApp, on: Team, commits: string[], merged: string[]) {
  const repo = await t.db
    .insertInto('repositories')
    .values({
      project_id: on.projectId,
      provider: 'github',
      name: `team/${on.projectId}`,
      url: `https://github.example/team/${on.projectId}.git`,
      webhook_secret_sealed: 'sealed',
      sync_state: 'idle',
      created_at: '2026-09-01T10:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, at] of commits.entries())
    await t.db
      .insertInto('commits')
      .values({
        repository_id: repo.id,
        sha: `${on.projectId}-${index}`.padEnd(40, '0'),
        message: 'Work',
        author_name: 'A',
        author_email: 'a@uni.example',
        committed_at: at,
        created_at: at,
      })
      .execute();
  for (const [index, at] of merged.entries())
    await t.db
      .insertInto('pull_requests')
      .values({
        repository_id: repo.id,
        number: index + 1,
        title: 'PR',
        body: '',
        state: 'merged',
        branch: 'feature',
        reviewers: '[]',
        opened_at: '2026-11-01T10:00:00.000Z',
        updated_at: at,
        merged_at: at,
      })
      .execute();
}

async function milestone(
  t: TestApp,
  on: Team,
  name: string,
  start: string,
  deadline: string,
  sprint: boolean,
) {
  const row = await t.db
    .insertInto('milestones')
    .values({
      project_id: on.projectId,
      name,
      start_date: start,
      deadline,
      sprint: sprint ? 1 : 0,
      created_at: '2026-09-01T10:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const A = { semester: '2026-2', section: 'A' };

describe.skipIf(!isDatabaseAvailable)('GET /api/dashboard/course_overview', () => {
  let t: TestApp;
  let tina: Api;
  let ada: Api;
  let sam: Api;
  let teams: Record<'a1' | 'a2' | 'a3' | 'a4' | 'b1' | 'b2' | 'p' | 'q', Team>;

  beforeAll(async () => {
    t = await buildTestApp();
    const teacher = await person(t, 'Tina', { section: 'A' });
    await setAccount(t.db, teacher.id, { account_type: 'teacher' });
    const admin = await person(t, 'Ada');
    await setAccount(t.db, admin.id, { account_type: 'admin' });
    await person(t, 'Sam', { ...A, year: 3, group: 'G1' });
    const s = async (name: string, profile: Profile = {}) => person(t, name, profile);
    const member = (user: { id: number; folderId: number }) => ({ user, role: 'member' as const });

    // A1 and A2: placed by their owners (through the API below); profiles say nothing.
    const a1 = await s('Alba');
    const a1m = [await s('Aldo'), await s('Amaia')];
    teams = {} as typeof teams;
    teams.a1 = await team(t, 'A1 Kanban', a1, [...a1m.map(member), { user: teacher, role: 'viewer' }]);
    const a2 = await s('Bea');
    teams.a2 = await team(t, 'A2 Chat', a2, [member(await s('Bruno'))]);
    // A3: inferred section A (two of three profiles), group G3, year 3.
    const a3 = await s('Carla', { ...A, year: 3, group: 'G3' });
    teams.a3 = await team(t, 'A3 Quiz', a3, [
      member(await s('Ciro', { ...A, year: 3, group: 'G3' })),
      member(await s('Clara', { semester: '2026-2', section: 'B', year: 2, group: 'G9' })),
    ]);
    // A4: the outlier, inferred section A, group G4.
    const a4 = await s('Dani', { ...A, year: 3, group: 'G4' });
    const a4m = await s('Dora', { ...A, year: 3, group: 'G4' });
    teams.a4 = await team(t, 'A4 Maps', a4, [member(a4m)]);
    // Section B: B1 placed by its owner, B2 inferred.
    teams.b1 = await team(t, 'B1 Shop', await s('Elena'), []);
    teams.b2 = await team(
      t,
      'B2 Blog',
      await s('Fede', { semester: '2026-2', section: 'B', group: 'G7' }),
      [],
    );
    // P: private, without the teacher. Q: private, the teacher is its viewer (no placement at all).
    teams.p = await team(t, 'P Secret', await s('Pia', { ...A, group: 'G8' }), [], { isPrivate: true });
    teams.q = await team(t, 'Q Lab', await s('Quim'), [{ user: teacher, role: 'viewer' }], {
      isPrivate: true,
    });

    // Placement set through the project's settings (PUT /api/projects/:id, owner only).
    for (const [key, name, course] of [
      ['a1', 'alba', { year: '3', semester: '2026-2', section: 'A', group: 'G1' }],
      ['a2', 'bea', { year: '3', semester: '2026-2', section: 'A', group: 'G2' }],
      ['b1', 'elena', { semester: '2026-2', section: 'B', group: 'G6' }],
    ] as const) {
      const owner = apiAs(t.app, await signIn(t.app, `${name}@uni.example`));
      const put = await owner('PUT', `/api/projects/${teams[key].projectId}`, { course });
      expect(put.statusCode).toBe(200);
    }

    // A1: 14 h this week (and 5 h last week), 4 tasks closed this week, 6 commits and 2 merged PRs.
    const a1Task = await task(t, teams.a1);
    await hours(t, teams.a1, a1Task, [
      ['2026-11-16', 8],
      ['2026-11-22', 6],
      ['2026-11-13', 5],
    ]);
    for (const day of ['16', '17', '19', '21'])
      await task(t, teams.a1, { completedAt: `2026-11-${day}T15:00:00.000Z` });
    await task(t, teams.a1, { completedAt: '2026-11-15T23:59:59.000Z' }); // last week
    await repository(
      t,
      teams.a1,
      [
        '2026-11-16T08:00:00.000Z',
        '2026-11-17T08:00:00.000Z',
        '2026-11-18T08:00:00.000Z',
        '2026-11-19T08:00:00.000Z',
        '2026-11-20T08:00:00.000Z',
        '2026-11-22T08:00:00.000Z',
        '2026-11-10T08:00:00.000Z',
      ],
      ['2026-11-18T10:00:00.000Z', '2026-11-20T10:00:00.000Z', '2026-11-12T10:00:00.000Z'],
    );
    await standups(
      t,
      teams.a1,
      [a1.id, a1m[0]!.id],
      [
        ['2026-11-10', 3],
        ['2026-11-20', 5],
        ['2026-11-05', 1],
      ],
    );
    // A1's burndown: a running sprint (chosen over the long milestone) of 4 tasks, 2 completed.
    const sprint = await milestone(t, teams.a1, 'Sprint 6', '2026-11-16', '2026-11-29', true);
    await milestone(t, teams.a1, 'Final delivery', '2026-09-01', '2026-12-18', false);
    await milestone(t, teams.a1, 'Sprint 5', '2026-11-02', '2026-11-15', true); // over
    for (const completed of [true, true, false, false]) {
      const id = await task(t, teams.a1, { createdAt: '2026-11-10T10:00:00.000Z', milestoneId: sprint });
      if (completed) await taskLog(t, id, 'completed', 'true', '2026-11-18T10:00:00.000Z');
    }

    // A2: 12 h, 3 closed, 4 commits, 1 open blocker, a flat mood.
    const a2Task = await task(t, teams.a2, { blocked: true });
    await hours(t, teams.a2, a2Task, [['2026-11-18', 12]]);
    for (const day of ['17', '18', '20'])
      await task(t, teams.a2, { completedAt: `2026-11-${day}T15:00:00.000Z` });
    await repository(
      t,
      teams.a2,
      [
        '2026-11-16T09:00:00.000Z',
        '2026-11-17T09:00:00.000Z',
        '2026-11-18T09:00:00.000Z',
        '2026-11-21T09:00:00.000Z',
      ],
      [],
    );
    await standups(
      t,
      teams.a2,
      [teams.a2.ownerId],
      [
        ['2026-11-18', 4],
        ['2026-11-19', 4],
      ],
    );

    // A3: 16 h, 5 closed, no repository, a falling mood (4 then 3).
    const a3Task = await task(t, teams.a3);
    await hours(t, teams.a3, a3Task, [['2026-11-20', 16]]);
    for (const day of ['16', '17', '18', '19', '20'])
      await task(t, teams.a3, { completedAt: `2026-11-${day}T15:00:00.000Z` });
    await standups(
      t,
      teams.a3,
      [teams.a3.ownerId],
      [
        ['2026-11-15', 4],
        ['2026-11-21', 3],
      ],
    );

    // A4: 2 h on Monday, nothing closed this week, a repository without commits this week,
    // 3 open blockers (a completed and an archived blocked task do not count), mood 3, 2, 1.
    const a4Task = await task(t, teams.a4, { blocked: true, createdAt: '2026-11-01T10:00:00.000Z' });
    await task(t, teams.a4, { blocked: true, createdAt: '2026-11-01T10:00:00.000Z' });
    await task(t, teams.a4, { blocked: true, createdAt: '2026-11-01T10:00:00.000Z' });
    await task(t, teams.a4, {
      blocked: true,
      completedAt: '2026-11-12T10:00:00.000Z',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    await task(t, teams.a4, { blocked: true, archived: true, createdAt: '2026-11-01T10:00:00.000Z' });
    await hours(t, teams.a4, a4Task, [['2026-11-16', 2]]);
    await repository(t, teams.a4, ['2026-11-02T09:00:00.000Z'], []);
    await standups(
      t,
      teams.a4,
      [teams.a4.ownerId, a4m.id],
      [
        ['2026-11-10', 3],
        ['2026-11-16', 2],
        ['2026-11-16', 1],
      ],
    );
    // A4's burndown: 5 tasks on its first day (11-09), a 6th joined on 11-17, 1 completed.
    const long = await milestone(t, teams.a4, 'Release 1', '2026-11-09', '2026-11-30', false);
    for (let index = 0; index < 5; index += 1) {
      const id = await task(t, teams.a4, { createdAt: '2026-11-01T10:00:00.000Z', milestoneId: long });
      if (index === 0) await taskLog(t, id, 'completed', 'true', '2026-11-12T10:00:00.000Z');
    }
    const joined = await task(t, teams.a4, { createdAt: '2026-11-01T10:00:00.000Z', milestoneId: long });
    await taskLog(t, joined, 'milestone_id', String(long), '2026-11-17T10:00:00.000Z');

    // B1 and B2: a little work; P has a lot (it must not show anywhere); Q last moved on 11-02.
    await hours(t, teams.b1, await task(t, teams.b1), [['2026-11-19', 3]]);
    await hours(t, teams.p, await task(t, teams.p), [['2026-11-19', 40]]);
    await task(t, teams.q, { createdAt: '2026-11-02T10:00:00.000Z' });

    tina = apiAs(t.app, await signIn(t.app, 'tina@uni.example'));
    ada = apiAs(t.app, await signIn(t.app, 'ada@uni.example'));
    sam = apiAs(t.app, await signIn(t.app, 'sam@uni.example'));
  }, 60_000);
  afterAll(() => t?.close());

  const overview = async (api: Api, query = '') => {
    const response = await api('GET', `/api/dashboard/course_overview${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as CourseOverview;
  };
  const byName = (data: CourseOverview) => new Map(data.teams.map((row) => [row.name, row]));

  it('answers every public team and the teacher’s own private one, with the exact numbers', async () => {
    const data = await overview(tina);
    expect(data.teams.map((row) => row.name)).toEqual([
      'A1 Kanban',
      'A2 Chat',
      'A3 Quiz',
      'A4 Maps',
      'B1 Shop',
      'B2 Blog',
      'Q Lab',
    ]);
    expect(data.total_teams).toBe(7);
    const rows = byName(data);
    expect(rows.get('A1 Kanban')).toEqual({
      project_id: teams.a1.projectId,
      name: 'A1 Kanban',
      is_private: false,
      role: 'viewer',
      course: { year: '3', semester: '2026-2', section: 'A', group: 'G1' },
      placement: 'set',
      today: '2026-11-22',
      week_start: '2026-11-16',
      members: 3,
      hours_week: 14,
      tasks_closed_week: 4,
      commits_week: 6,
      merged_prs_week: 2,
      open_blockers: 0,
      mood: { standups: 2, average: 4, slope: 1.4, trend: 'up' },
      last_activity: '2026-11-22',
      days_since_activity: 0,
      burndown: {
        milestone_id: expect.any(Number),
        name: 'Sprint 6',
        start_date: '2026-11-16',
        deadline: '2026-11-29',
        sprint: true,
        scope: 4,
        remaining: 2,
        ideal_remaining: 2.15,
        behind: -0.15,
      },
      outliers: [],
    } satisfies CourseTeam);
    expect(rows.get('A2 Chat')).toMatchObject({
      hours_week: 12,
      tasks_closed_week: 3,
      commits_week: 4,
      merged_prs_week: 0,
      open_blockers: 1,
      mood: { standups: 2, average: 4, slope: 0, trend: 'flat' },
      burndown: null,
      outliers: [],
      role: null,
      members: 2,
    });
    expect(rows.get('A3 Quiz')).toMatchObject({
      course: { year: '3', semester: '2026-2', section: 'A', group: 'G3' },
      placement: 'inferred',
      hours_week: 16,
      tasks_closed_week: 5,
      commits_week: null,
      merged_prs_week: null,
      mood: { standups: 2, average: 3.5, slope: -1.17, trend: 'down' },
      last_activity: '2026-11-21',
      days_since_activity: 1,
      outliers: [],
    });
  });

  it('flags the outlier team against its section median, with codes and numbers', async () => {
    const a4 = byName(await overview(tina)).get('A4 Maps')!;
    expect(a4).toMatchObject({
      course: { year: '3', semester: '2026-2', section: 'A', group: 'G4' },
      placement: 'inferred',
      members: 2,
      hours_week: 2,
      tasks_closed_week: 0,
      commits_week: 0,
      open_blockers: 3,
      mood: { standups: 3, average: 2, slope: -1.75, trend: 'down' },
      last_activity: '2026-11-16',
      days_since_activity: 6,
      burndown: {
        name: 'Release 1',
        sprint: false,
        scope: 6,
        remaining: 5,
        ideal_remaining: 1.9,
        behind: 3.1,
      },
    });
    expect(a4.outliers).toEqual([
      { metric: 'hours_week', direction: 'low', value: 2, median: 13 },
      { metric: 'tasks_closed_week', direction: 'low', value: 0, median: 3.5 },
      { metric: 'commits_week', direction: 'low', value: 0, median: 4 },
      { metric: 'open_blockers', direction: 'high', value: 3, median: 0.5 },
      { metric: 'mood', direction: 'low', value: 2, median: 3.75 },
    ]);
    // Section B has two teams: too few to compare, so nothing is flagged there.
    const data = await overview(tina);
    expect(
      data.teams.filter((row) => row.course.section === 'B').every((row) => row.outliers.length === 0),
    ).toBe(true);
  });

  it('shows a teacher public and own projects only: never another private team, nor its numbers', async () => {
    const data = await overview(tina);
    expect(data.teams.map((row) => row.name)).not.toContain('P Secret');
    // P's 40 h and its G8 profile weigh on nothing: the filters and the medians come from the visible teams.
    expect(data.filters.groups).not.toContain('G8');
    expect(byName(data).get('Q Lab')).toMatchObject({ is_private: true, role: 'viewer', placement: 'none' });
  });

  it('shows an admin the public projects and their own, as for a teacher (docs/product.md)', async () => {
    const names = (await overview(ada)).teams.map((row) => row.name);
    expect(names).toEqual(['A1 Kanban', 'A2 Chat', 'A3 Quiz', 'A4 Maps', 'B1 Shop', 'B2 Blog']);
  });

  it('refuses a student (403) and a signed-out caller (401)', async () => {
    const refused = await sam('GET', '/api/dashboard/course_overview');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await sam('GET', '/api/dashboard/course_overview.csv')).statusCode).toBe(403);
    expect((await apiAs(t.app, null)('GET', '/api/dashboard/course_overview')).statusCode).toBe(401);
  });

  it('filters by the values present, keeping the section medians of the whole course', async () => {
    const all = await overview(tina);
    expect(all.filters).toEqual({
      years: ['3'],
      semesters: ['2026-2'],
      sections: ['A', 'B'],
      groups: ['G1', 'G2', 'G3', 'G4', 'G6', 'G7'],
    });
    const sectionA = await overview(tina, '?section=A&semester=2026-2');
    expect(sectionA.teams.map((row) => row.name)).toEqual(['A1 Kanban', 'A2 Chat', 'A3 Quiz', 'A4 Maps']);
    expect(sectionA.total_teams).toBe(7);
    const group = await overview(tina, '?group=G4');
    expect(group.teams.map((row) => row.name)).toEqual(['A4 Maps']);
    expect(group.teams[0]!.outliers).toHaveLength(5);
    expect((await overview(tina, '?section=Z')).teams).toEqual([]);
  });

  it('sorts by any column, nulls last in both directions', async () => {
    const names = async (query: string) => (await overview(tina, query)).teams.map((row) => row.name);
    expect(await names('?section=A&sort=hours_week&direction=desc')).toEqual([
      'A3 Quiz',
      'A1 Kanban',
      'A2 Chat',
      'A4 Maps',
    ]);
    expect(await names('?section=A&sort=commits_week')).toEqual([
      'A4 Maps',
      'A2 Chat',
      'A1 Kanban',
      'A3 Quiz',
    ]);
    expect(await names('?section=A&sort=commits_week&direction=desc')).toEqual([
      'A1 Kanban',
      'A2 Chat',
      'A4 Maps',
      'A3 Quiz',
    ]);
    expect(await names('?sort=outliers&direction=desc')).toEqual(expect.arrayContaining(['A4 Maps']));
    expect((await names('?sort=outliers&direction=desc'))[0]).toBe('A4 Maps');
  });

  it('refuses bad filters and orders with a localized message', async () => {
    const bad = await tina('GET', '/api/dashboard/course_overview?sort=colour');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('FIELD_NOT_VALID');
    const spanish = apiAs(t.app, await signIn(t.app, 'tina@uni.example'), { 'accept-language': 'es' });
    const long = await spanish('GET', `/api/dashboard/course_overview?section=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().code).toBe('TEXT_TOO_LONG');
    expect(long.json().errors[0]).not.toBe(bad.json().errors[0]);
    expect((await tina('GET', '/api/dashboard/course_overview?section=')).statusCode).toBe(422);
  });

  it('exports the rows shown as CSV: UTF-8 with a BOM, in the order shown, in the reader’s language', async () => {
    const response = await tina(
      'GET',
      '/api/dashboard/course_overview.csv?section=A&sort=hours_week&direction=desc',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="course-overview-2026-11-22.csv"',
    );
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Team,Year,Semester,Section,Group,Placement,Members,Hours this week,Tasks closed this week,Commits this week,Merged pull requests this week,Open blockers,Mood average (2 weeks),Mood trend,Days since last activity,Current milestone,Tasks remaining,Ideal remaining,Highlights',
    );
    expect(lines.slice(1, 5).map((line) => line.split(',')[0])).toEqual([
      'A3 Quiz',
      'A1 Kanban',
      'A2 Chat',
      'A4 Maps',
    ]);
    expect(lines[2]).toBe('A1 Kanban,3,2026-2,A,G1,Set on the project,3,14,4,6,2,0,4,Up,0,Sprint 6,2,2.15,');
    expect(lines[4]).toBe(
      "A4 Maps,3,2026-2,A,G4,Inferred from its members' profiles,2,2,0,0,0,3,2,Down,6,Release 1,5,1.9," +
        '"Hours this week: 2 h vs section median 13 h; Tasks closed this week: 0 vs section median 3.5; ' +
        'Commits this week: 0 vs section median 4; Open blockers: 3 vs section median 0.5; ' +
        'Stand-up mood 2 vs section median 3.75"',
    );
    expect(lines).toHaveLength(6); // header, 4 teams, the empty string after the last CRLF

    const spanish = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/course_overview.csv?group=G4',
      headers: { ...(await signIn(t.app, 'tina@uni.example')), cookie: 'language=es' },
    });
    const [header, row] = spanish.body.slice(1).split('\r\n');
    expect(
      // `;`-separated for a Spanish reader, what a spreadsheet set to Spanish splits on (issue 44.2).
      header!.startsWith('Equipo;Año;Semestre;Sección;Grupo;Ubicación;Miembros;Horas esta semana'),
    ).toBe(true);
    expect(row).toContain('Deducido de los perfiles de sus miembros');
    expect(row).toContain('Horas esta semana: 2 h frente a la mediana de la sección, 13 h');
    // The raw bytes are UTF-8: the BOM, then "Año" with its ñ as two bytes.
    expect([...spanish.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(spanish.rawPayload.includes(Buffer.from('Año', 'utf8'))).toBe(true);
  });
});

describe.skipIf(!isDatabaseAvailable)('PUT /api/projects/:id course placement', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let projectId: number;

  beforeEach(async () => {
    t = await buildTestApp();
    const ana = await person(t, 'Ana');
    const ben = await person(t, 'Ben');
    projectId = (await team(t, 'Team', ana, [{ user: ben, role: 'member' }])).projectId;
    owner = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    member = apiAs(t.app, await signIn(t.app, 'ben@uni.example'));
  });
  afterEach(() => t?.close());

  const none = { year: null, semester: null, section: null, group: null };

  it('lets the owner set, change one field of, and clear the placement; GET answers it', async () => {
    expect((await owner('GET', `/api/projects/${projectId}`)).json().data.course).toEqual(none);
    const set = await owner('PUT', `/api/projects/${projectId}`, {
      course: { year: ' 3 ', semester: '2026-2', section: 'A', group: 'G1' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.course).toEqual({ year: '3', semester: '2026-2', section: 'A', group: 'G1' });
    const one = await owner('PUT', `/api/projects/${projectId}`, { course: { group: 'G2', year: '' } });
    expect(one.json().data.course).toEqual({ year: null, semester: '2026-2', section: 'A', group: 'G2' });
    const renamed = await owner('PUT', `/api/projects/${projectId}`, { name: 'Renamed' });
    expect(renamed.json().data.course).toEqual({ year: null, semester: '2026-2', section: 'A', group: 'G2' });
    const cleared = await owner('PUT', `/api/projects/${projectId}`, { course: null });
    expect(cleared.json().data.course).toEqual(none);
    expect((await owner('GET', `/api/projects/${projectId}`)).json().data.course).toEqual(none);
  });

  it('exports a group and a team named as formulas as one text cell each, for a `,` or a `;` reader', async () => {
    // Issue 43, point 8: a spreadsheet splitting on `;` (Spanish Excel) must not start a cell with `=`.
    const payload = "-1+1;=cmd|' /C calc'!A0";
    await owner('PUT', `/api/projects/${projectId}`, { name: '=HYPERLINK("x")', course: { group: payload } });
    const teacher = await person(t, 'Tina');
    await setAccount(t.db, teacher.id, { account_type: 'teacher' });
    const tina = apiAs(t.app, await signIn(t.app, 'tina@uni.example'));
    const csv = (await tina('GET', '/api/dashboard/course_overview.csv')).body;
    const row = csv.split('\r\n')[1]!;
    expect(row.startsWith(`"'=HYPERLINK(""x"")",,,,"'${payload}",`)).toBe(true);
    expect(readCsv(csv, ',')[1]!.slice(0, 5)).toEqual([`'=HYPERLINK("x")`, '', '', '', `'${payload}`]);
    for (const separator of [',', ';'] as const)
      expect(
        readCsv(csv, separator)
          .flat()
          .filter((cell) => /^[=+\-@]/.test(cell)),
      ).toEqual([]);
  });

  it('refuses a member (403), a bad semester, a long section and an unknown field, changing nothing', async () => {
    const before = await snapshot(t.db);
    const refused = await member('PUT', `/api/projects/${projectId}`, { course: { section: 'A' } });
    expect(refused.statusCode).toBe(403);
    const semester = await owner('PUT', `/api/projects/${projectId}`, { course: { semester: '2099-1' } });
    expect(semester.statusCode).toBe(422);
    expect(semester.json().code).toBe('SEMESTER_NOT_VALID');
    const long = await owner('PUT', `/api/projects/${projectId}`, { course: { section: 'x'.repeat(101) } });
    expect(long.json().code).toBe('TEXT_TOO_LONG');
    const unknown = await owner('PUT', `/api/projects/${projectId}`, {
      course: { section: 'A', campus: 'N' },
    });
    expect(unknown.statusCode).toBe(422);
    const wrongType = await owner('PUT', `/api/projects/${projectId}`, { course: { section: 7 } });
    expect(wrongType.statusCode).toBe(422);
    expect(await snapshot(t.db)).toEqual(before);
  });
});
