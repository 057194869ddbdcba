import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { apiAs, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { commitRow, insertRepository } from '../../helpers/seed/code.js';
import { seedTeamA } from '../../helpers/seed/team.js';

/**
 * Reports against hand-computed fixtures, on both databases: hours on a range's edges and across a
 * week (Sunday → Monday), month and year boundary, a member who left, the SPEC's range limits with
 * their localized messages, commits per day and author with the share linked to tasks, pull
 * requests per week with time to merge and reviews.
 */
describe.skipIf(!isDatabaseAvailable)('reports', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let leaver: Api;
  let projectId: number;
  let taskId: number;
  let ids: Record<'ana' | 'beto' | 'carla', number>;

  beforeEach(async () => {
    t = await buildTestApp();
    ({ ids, owner, member, leaver, projectId } = await seedTeamA(t));
    const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    const column = (await owner('POST', `/api/boards/${board.id}/columns`, { name: 'C' })).json().data;
    taskId = (await owner('POST', `/api/columns/${column.id}/tasks`, { title: 'Report' })).json().data.id;
  });
  afterEach(() => t?.close());

  async function log(api: Api, date: string, hours: number) {
    const response = await api('POST', `/api/tasks/${taskId}/hours`, { hours, date });
    expect(response.statusCode, response.body).toBe(201);
  }
  const report = (path: string, api: Api = owner) => api('GET', `/api/projects/${projectId}/reports/${path}`);

  it('sums hours per day, per week from Monday, per month and per year, edges included', async () => {
    await log(owner, '2025-12-31', 1); // a year and a month boundary
    await log(owner, '2026-01-01', 2);
    await log(member, '2026-11-21', 0.5); // the day before the range: out
    await log(member, '2026-11-22', 1.25); // Sunday, the range's first day
    await log(member, '2026-11-22', 1.25);
    await log(owner, '2026-11-23', 3); // Monday: a new week
    await log(member, '2026-11-30', 2.5); // the range's last day; Nov 30 → Dec 1 month boundary
    await log(member, '2026-12-01', 4);

    const byDay = (await report('hours?start_date=2026-11-22&end_date=2026-11-30&filter=day')).json().data;
    expect(byDay.buckets).toHaveLength(9);
    expect(byDay.cells).toEqual([
      { bucket: '2026-11-22', user_id: ids.beto, hours: 2.5 },
      { bucket: '2026-11-23', user_id: ids.ana, hours: 3 },
      { bucket: '2026-11-30', user_id: ids.beto, hours: 2.5 },
    ]);
    expect(byDay.total).toBe(8);

    const byWeek = (await report('hours?start_date=2026-11-22&end_date=2026-12-01&filter=week')).json().data;
    expect(byWeek.buckets).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
    expect(byWeek.cells).toEqual([
      { bucket: '2026-11-16', user_id: ids.beto, hours: 2.5 },
      { bucket: '2026-11-23', user_id: ids.ana, hours: 3 },
      { bucket: '2026-11-30', user_id: ids.beto, hours: 6.5 },
    ]);

    const byMonth = (await report('hours?start_date=2025-12-01&end_date=2026-11-30&filter=month')).json()
      .data;
    expect(byMonth.buckets[0]).toBe('2025-12');
    expect(byMonth.buckets).toHaveLength(12);
    expect(byMonth.cells.filter((c: { user_id: number }) => c.user_id === ids.ana)).toEqual([
      { bucket: '2025-12', user_id: ids.ana, hours: 1 },
      { bucket: '2026-01', user_id: ids.ana, hours: 2 },
      { bucket: '2026-11', user_id: ids.ana, hours: 3 },
    ]);

    const byYear = (await report('hours?start_date=2025-01-01&end_date=2026-12-31&filter=year')).json().data;
    expect(byYear.buckets).toEqual(['2025', '2026']);
    expect(byYear.total).toBe(15.5);

    const empty = (await report('hours?start_date=2027-01-01&end_date=2027-01-07')).json().data;
    expect(empty).toMatchObject({ filter: 'day', cells: [], total: 0 });
    expect(empty.buckets).toHaveLength(7);
  });

  it("keeps the hours of a member who left, marked as no longer a member, and gives each member's share", async () => {
    await log(owner, '2026-11-23', 3);
    await log(leaver, '2026-11-24', 1);
    expect((await leaver('DELETE', `/api/projects/${projectId}/membership`)).statusCode).toBe(204);

    const users = (await report('users_hours?start_date=2026-11-20&end_date=2026-11-26', member)).json().data;
    expect(users.total).toBe(4);
    expect(users.rows).toEqual([
      { user_id: ids.ana, name: 'Ana', is_member: true, hours: 3, share: 0.75 },
      { user_id: ids.carla, name: 'Carla', is_member: false, hours: 1, share: 0.25 },
      { user_id: ids.beto, name: 'Beto', is_member: true, hours: 0, share: 0 },
    ]);
    const hours = (await report('hours?start_date=2026-11-20&end_date=2026-11-26')).json().data;
    expect(hours.members).toContainEqual({ user_id: ids.carla, name: 'Carla', is_member: false });
  });

  it('refuses bad ranges and parameters with the localized SPEC messages', async () => {
    const es = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
    const cases: [string, string][] = [
      ['hours?start_date=2026-11-26&end_date=2026-11-20', 'RANGE_NOT_VALID'],
      ['hours?start_date=2026-11-01&end_date=2026-12-01&filter=day', 'RANGE_TOO_LONG_DAY'],
      ['hours?start_date=2026-09-01&end_date=2026-11-02&filter=week', 'RANGE_TOO_LONG_WEEK'],
      ['hours?start_date=2025-01-01&end_date=2026-01-02&filter=month', 'RANGE_TOO_LONG_MONTH'],
      ['hours?start_date=2020-01-01&end_date=2026-01-02&filter=year', 'RANGE_TOO_LONG_YEAR'],
      ['hours?start_date=2026-11-01&end_date=2026-11-02&filter=hour', 'REPORT_FILTER_NOT_VALID'],
      ['hours?start_date=2026-02-30&end_date=2026-03-02', 'DATE_NOT_VALID'],
      ['users_hours?start_date=2026-11-01', 'VALIDATION_FAILED'],
      ['commits?start_date=2019-01-01&end_date=2026-01-01', 'RANGE_TOO_LONG'],
    ];
    for (const [path, code] of cases) {
      const response = await report(path);
      expect([response.statusCode, response.json().code], path).toEqual([422, code]);
    }
    expect((await report('hours?start_date=2026-11-01&end_date=2026-11-30&filter=day')).statusCode).toBe(200);
    const spanish = await es(
      'GET',
      `/api/projects/${projectId}/reports/hours?start_date=2026-11-01&end_date=2026-12-01`,
    );
    expect(spanish.json().errors).toEqual(['La vista por días abarca como máximo 30 días.']);
    const stranger = apiAs(t.app, await signIn(t.app, (await createUser(t.db)).email));
    expect((await report('users_hours?start_date=2026-11-01&end_date=2026-11-02', stranger)).statusCode).toBe(
      404,
    );
  });

  it("sets the project's report time zone: owners only, known zones only, null for the server's", async () => {
    const es = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
    const path = `/api/projects/${projectId}`;
    const zoneNow = async () => (await owner('GET', path)).json().data.time_zone;
    expect(await zoneNow()).toBeNull();
    for (const bad of ['Mars/Olympus', '', 'x'.repeat(80), 5]) {
      const response = await es('PUT', path, { time_zone: bad });
      expect([response.statusCode, response.json().code], String(bad)).toEqual([422, 'TIME_ZONE_NOT_VALID']);
      expect(response.json().errors).toContain('Elige una zona horaria de la lista.');
    }
    expect(await zoneNow()).toBeNull();
    expect((await member('PUT', path, { time_zone: 'UTC' })).statusCode).toBe(403);
    expect((await owner('PUT', path, { time_zone: 'Europe/Madrid' })).json().data.time_zone).toBe(
      'Europe/Madrid',
    );
    expect((await owner('PUT', path, { name: 'Renamed' })).json().data.time_zone).toBe('Europe/Madrid');
    expect((await owner('PUT', path, { time_zone: null })).json().data.time_zone).toBeNull();
  });

  it('counts commits per day and author with the share linked to tasks, and pull requests per week', async () => {
    const now = '2026-11-26T00:00:00.000Z';
    const repository = await insertRepository(t.db, { projectId, createdBy: ids.ana, createdAt: now });
    const commit = (sha: string, at: string, userId: number | null) =>
      commitRow(repository.id, sha, at, userId, now);
    const commits = await t.db
      .insertInto('commits')
      .values([
        commit('a', '2026-11-22T23:59:59.000Z', ids.ana), // the range's first day, last second
        commit('b', '2026-11-23T00:00:00.000Z', ids.ana),
        commit('c', '2026-11-23T10:00:00.000Z', ids.beto),
        commit('d', '2026-11-23T11:00:00.000Z', null), // an author who is no member
        commit('e', '2026-11-24T00:00:00.000Z', ids.beto), // the day after the range: out
      ])
      .returning(['id', 'sha'])
      .execute();
    const idOf = (sha: string) => commits.find((row) => row.sha === sha)!.id;
    await t.db
      .insertInto('task_commits')
      .values([
        {
          task_id: taskId,
          commit_id: idOf('a'),
          message: 'a',
          url: null,
          linked_by: 'message',
          removed: 0,
          created_at: now,
        },
        {
          task_id: taskId,
          commit_id: idOf('c'),
          message: 'c',
          url: null,
          linked_by: 'hand',
          removed: 1,
          created_at: now,
        },
      ])
      .execute();
    const data = (await report('commits?start_date=2026-11-22&end_date=2026-11-23', member)).json().data;
    expect(data.cells).toEqual([
      { day: '2026-11-22', user_id: ids.ana, commits: 1 },
      { day: '2026-11-23', user_id: null, commits: 1 },
      { day: '2026-11-23', user_id: ids.ana, commits: 1 },
      { day: '2026-11-23', user_id: ids.beto, commits: 1 },
    ]);
    expect([data.total, data.linked_to_tasks]).toEqual([4, 1]); // c's link was removed by hand
    const onlyBeto = (
      await report(`commits?start_date=2026-11-22&end_date=2026-11-23&user_id=${ids.beto}`)
    ).json();
    expect(onlyBeto.data.total).toBe(1);

    // In Bogotá (UTC−5) the evening of the 22nd and of the 23rd in UTC terms moves a day back.
    const zoned = await owner('PUT', `/api/projects/${projectId}`, { time_zone: 'America/Bogota' });
    expect(zoned.json().data.time_zone).toBe('America/Bogota');
    const inBogota = (await report('commits?start_date=2026-11-22&end_date=2026-11-23')).json().data;
    expect(inBogota.cells).toEqual([
      { day: '2026-11-22', user_id: ids.ana, commits: 2 },
      { day: '2026-11-23', user_id: null, commits: 1 },
      { day: '2026-11-23', user_id: ids.beto, commits: 2 },
    ]);

    await member('PUT', '/api/auth', { gitname: 'beto-gh' });
    const pull = (
      number: number,
      opened: string,
      merged: string | null,
      closed: string | null,
      reviews: object[],
    ) => ({
      repository_id: repository!.id,
      number,
      title: `PR ${number}`,
      body: '',
      state: merged ? ('merged' as const) : closed ? ('closed' as const) : ('open' as const),
      url: null,
      branch: 'x',
      author_login: null,
      user_id: null,
      reviewers: JSON.stringify(reviews),
      opened_at: opened,
      updated_at: merged ?? closed ?? opened,
      first_review_at: null,
      merged_at: merged,
      closed_at: closed ?? merged,
    });
    await t.db
      .insertInto('pull_requests')
      .values([
        pull(1, '2026-11-16T10:00:00.000Z', '2026-11-17T10:00:00.000Z', null, [
          { login: 'beto-gh', state: 'APPROVED', submitted_at: '2026-11-17T09:00:00.000Z' },
        ]),
        pull(2, '2026-11-23T10:00:00.000Z', '2026-11-25T22:00:00.000Z', null, [
          { login: 'Beto-GH', state: 'COMMENTED', submitted_at: '2026-11-24T09:00:00.000Z' },
          { login: 'zed', state: 'REQUESTED', submitted_at: null },
        ]),
        pull(3, '2026-11-24T10:00:00.000Z', null, '2026-11-24T12:00:00.000Z', []),
      ])
      .execute();
    const pulls = (await report('pull_requests?start_date=2026-11-16&end_date=2026-11-29')).json().data;
    expect(pulls.weeks).toEqual([
      { week: '2026-11-16', opened: 1, merged: 1, closed: 0 },
      { week: '2026-11-23', opened: 2, merged: 1, closed: 1 },
    ]);
    expect(pulls.time_to_merge_hours).toEqual({ median: 42, mean: 42, count: 2 }); // 24 h and 60 h;
    expect(pulls.reviews).toEqual([
      { login: 'beto-gh', user_id: ids.beto, name: 'Beto', reviews: 1 },
      { login: 'Beto-GH', user_id: ids.beto, name: 'Beto', reviews: 1 },
    ]);
    const byDefault = (await report('pull_requests')).json().data;
    expect(byDefault.weeks).toHaveLength(12);
  });
});
