import type { LessonStatus, Metrics } from '@teamboard/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { apiAs, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/**
 * GET /api/dashboard/metrics (docs/api-metrics.md) on a small fixture. The clock starts on Sunday
 * 2026-11-22 10:00 UTC (tests run with TZ=UTC, the server's zone); the range 2026-11-10..2026-11-23
 * covers three weeks: Monday 11-09 (from the 10th), 11-16 and 11-23 (one day).
 */
const RANGE = 'start_date=2026-11-10&end_date=2026-11-23';

describe.skipIf(!isDatabaseAvailable)('dashboard metrics (docs/api-metrics.md)', () => {
  let t: TestApp;
  let teacher: Api;
  let admin: Api;
  let ana: Api;
  let beto: Api;
  let betoEs: Api;
  const ids = {} as Record<'teacher' | 'admin' | 'ana' | 'beto', number>;

  async function person(key: keyof typeof ids, email: string, extra: Record<string, string> = {}) {
    const user = await createUser(t.db, { email, name: key });
    ids[key] = user.id;
    const headers = await signIn(t.app, email);
    return [apiAs(t.app, headers), apiAs(t.app, headers, extra)] as const;
  }

  async function metrics(api: Api, query: string): Promise<Metrics> {
    const response = await api('GET', `/api/dashboard/metrics?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Metrics;
  }

  async function fixture() {
    // 2026-11-22: the teacher makes a project (and a board and a column) through the API.
    const projectId = (await teacher('POST', '/api/projects', { name: 'Alpha' })).json().data.id as number;
    const board = (await teacher('POST', `/api/projects/${projectId}/boards`, { name: 'Board' })).json().data;
    const column = (await teacher('POST', `/api/boards/${board.id}/columns`, { name: 'To do' })).json().data;
    const stamp = (at: string) => ({ created_at: at, updated_at: at });
    await t.db
      .insertInto('projects')
      .values([
        { name: 'Beta', created_by: ids.teacher, ...stamp('2026-11-12T12:00:00.000Z') },
        { name: 'Old', created_by: ids.teacher, ...stamp('2026-10-01T12:00:00.000Z') },
      ])
      .execute();
    const task = (title: string, createdAt: string, completedAt: string | null = null) => ({
      column_id: column.id as number,
      board_id: board.id as number,
      project_id: projectId,
      title,
      position: 1,
      completed: completedAt ? 1 : 0,
      completed_at: completedAt,
      created_by: ids.teacher,
      ...stamp(createdAt),
    });
    const tasks = await t.db
      .insertInto('tasks')
      .values([
        task('first day', '2026-11-10T09:00:00.000Z', '2026-11-16T23:30:00.000Z'),
        task('midnight', '2026-11-16T00:00:00.000Z'),
        task('last instant', '2026-11-15T23:59:59.999Z', '2026-11-24T01:00:00.000Z'),
        task('after', '2026-11-24T00:00:00.000Z'),
        task('before', '2026-11-09T23:59:59.999Z'),
      ])
      .returning('id')
      .execute();
    const hour = (hours: number, date: string) => ({
      task_id: tasks[0]!.id,
      project_id: projectId,
      user_id: ids.ana,
      hours,
      date,
      ...stamp('2026-11-22T10:00:00.000Z'),
    });
    await t.db
      .insertInto('hours')
      .values([
        hour(1.5, '2026-11-10'),
        hour(2.25, '2026-11-10'),
        hour(3, '2026-11-20'),
        hour(5, '2026-11-09'),
      ])
      .execute();
    const lesson = (status: LessonStatus) => ({
      project_id: projectId,
      author_id: ids.ana,
      title: `A ${status} lesson`,
      problem: 'p',
      solution: 's',
      language: 'en' as const,
      status,
      changed_at: '2026-11-20T10:00:00.000Z',
      ...stamp('2026-11-20T10:00:00.000Z'),
    });
    await t.db
      .insertInto('lessons')
      .values([lesson('draft'), lesson('pending'), lesson('pending'), lesson('published')])
      .execute();
    const evaluation = await t.db
      .insertInto('evaluations')
      .values({
        project_id: projectId,
        created_by: ids.teacher,
        title: 'Mid-term',
        description: '',
        type: 'project',
        initial_date: '2026-11-01',
        deadline: '2026-11-30',
        sent_at: '2026-11-01T10:00:00.000Z',
        closed_at: null,
        ...stamp('2026-11-01T10:00:00.000Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = (respondent: number, submittedAt: string | null) => ({
      evaluation_id: evaluation.id,
      respondent_id: respondent,
      submitted_at: submittedAt,
      updated_at: '2026-11-20T15:00:00.000Z',
    });
    await t.db
      .insertInto('evaluation_responses')
      .values([
        response(ids.ana, '2026-11-20T15:00:00.000Z'),
        response(ids.beto, null),
        response(ids.teacher, '2026-11-01T15:00:00.000Z'),
      ])
      .execute();
    // Earlier active days (before the recording hook saw anyone), and one before the range.
    await t.db
      .insertInto('user_activity_days')
      .values([
        { day: '2026-11-05', user_id: ids.ana },
        { day: '2026-11-10', user_id: ids.beto },
        { day: '2026-11-16', user_id: ids.ana },
        { day: '2026-11-17', user_id: ids.ana },
        { day: '2026-11-17', user_id: ids.beto },
      ])
      .execute();
  }

  beforeEach(async () => {
    t = await buildTestApp();
    [teacher] = await person('teacher', 'teacher@uni.example');
    [admin] = await person('admin', 'admin@uni.example');
    [ana] = await person('ana', 'ana@uni.example');
    [beto, betoEs] = await person('beto', 'beto@uni.example', { 'accept-language': 'es' });
    await setAccount(t.db, ids.teacher, { account_type: 'teacher' });
    await setAccount(t.db, ids.admin, { account_type: 'admin' });
  });
  afterEach(() => t?.close());

  it('counts each metric per day, with day boundaries at midnight, and the snapshots', async () => {
    await fixture();
    // Made on 2026-11-22: the admin's first signed-in call of the day (the teacher's were the fixture's).
    const data = await metrics(admin, `${RANGE}&interval=day`);
    expect(data).toMatchObject({
      start_date: '2026-11-10',
      end_date: '2026-11-23',
      interval: 'day',
      time_zone: 'UTC',
      users_by_type: { user: 2, teacher: 1, admin: 1 },
      projects_total: 3,
      lessons_by_status: { draft: 1, pending: 2, published: 1, disapproved: 0 },
    });
    expect(data.series.map((entry) => entry.period)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-11-${String(10 + i)}`),
    );
    const nonZero = data.series
      .map(({ period, ...numbers }) => [
        period,
        Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== 0)),
      ])
      .filter(([, numbers]) => Object.keys(numbers as object).length > 0);
    expect(Object.fromEntries(nonZero)).toEqual({
      '2026-11-10': { active_users: 1, tasks_created: 1, hours_logged: 3.75 },
      '2026-11-12': { projects_created: 1 },
      '2026-11-15': { tasks_created: 1 },
      '2026-11-16': { active_users: 1, tasks_created: 1, tasks_completed: 1 },
      '2026-11-17': { active_users: 2 },
      '2026-11-20': { hours_logged: 3, evaluations_answered: 1 },
      '2026-11-22': { active_users: 2, projects_created: 1 },
    });
    expect(data.totals).toEqual({
      active_users: 4,
      projects_created: 2,
      tasks_created: 3,
      tasks_completed: 1,
      hours_logged: 6.75,
      evaluations_answered: 1,
    });
  });

  it('counts distinct active users per week (not the sum of the days), weeks named by their Monday', async () => {
    await fixture();
    t.clock.advance(DAY_MS); // Monday 2026-11-23
    expect((await beto('GET', '/api/folders')).statusCode).toBe(200);
    expect((await ana('GET', '/api/folders')).statusCode).toBe(200);
    const data = await metrics(teacher, `${RANGE}&interval=week`);
    expect(data.series).toEqual([
      {
        period: '2026-11-09',
        active_users: 1,
        projects_created: 1,
        tasks_created: 2,
        tasks_completed: 0,
        hours_logged: 3.75,
        evaluations_answered: 0,
      },
      {
        period: '2026-11-16',
        // Ana on the 16th and 17th, Beto on the 17th, the teacher on the 22nd: 3, not 4.
        active_users: 3,
        projects_created: 1,
        tasks_created: 1,
        tasks_completed: 1,
        hours_logged: 3,
        evaluations_answered: 1,
      },
      {
        period: '2026-11-23',
        active_users: 3,
        projects_created: 0,
        tasks_created: 0,
        tasks_completed: 0,
        hours_logged: 0,
        evaluations_answered: 0,
      },
    ]);
    expect(data.totals.active_users).toBe(3);
    // The same totals as per day.
    const daily = await metrics(teacher, RANGE);
    expect(daily.interval).toBe('day');
    expect(daily.totals).toEqual(data.totals);
  });

  it('records an active day once per user and day, on any signed-in call', async () => {
    await teacher('GET', '/api/folders');
    await teacher('GET', '/api/folders');
    await ana('GET', '/api/folders');
    t.clock.advance(DAY_MS);
    await teacher('GET', '/api/folders');
    const rows = await t.db
      .selectFrom('user_activity_days')
      .selectAll()
      .orderBy('day')
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { day: '2026-11-22', user_id: ids.teacher },
      { day: '2026-11-22', user_id: ids.ana },
      { day: '2026-11-23', user_id: ids.teacher },
    ]);
    // A row another process wrote first is no error.
    await t.db.insertInto('user_activity_days').values({ day: '2026-11-23', user_id: ids.ana }).execute();
    expect((await ana('GET', '/api/folders')).statusCode).toBe(200);
  });

  it('defaults to the last 30 days and refuses bad ranges and intervals (localized)', async () => {
    const data = await metrics(admin, '');
    expect([data.start_date, data.end_date, data.interval, data.series.length]).toEqual([
      '2026-10-24',
      '2026-11-22',
      'day',
      30,
    ]);
    expect(
      (await metrics(admin, 'start_date=2025-11-22&end_date=2026-11-22&interval=week')).series,
    ).toHaveLength(53);
    const cases: [string, string][] = [
      ['start_date=2026-11-20&end_date=2026-11-10', 'RANGE_NOT_VALID'],
      ['start_date=2025-11-21&end_date=2026-11-22', 'RANGE_TOO_LONG_ONE_YEAR'],
      ['start_date=2026-02-30&end_date=2026-03-02', 'DATE_NOT_VALID'],
      ['interval=month', 'REPORT_FILTER_NOT_VALID'],
    ];
    await setAccount(t.db, ids.beto, { account_type: 'teacher' });
    for (const [query, code] of cases) {
      const response = await betoEs('GET', `/api/dashboard/metrics?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code, query).toBe(code);
      expect(response.json().errors.join(' '), query).not.toMatch(/[A-Z]{3,}_[A-Z]+/);
    }
  });

  it('answers 403 to a user and 401 signed out', async () => {
    const refused = await betoEs('GET', `/api/dashboard/metrics?${RANGE}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await apiAs(t.app, null)('GET', '/api/dashboard/metrics')).statusCode).toBe(401);
  });
});
