import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/**
 * Task tracking metrics and lead time against hand-computed fixtures, on both databases. Tasks
 * are created through the API, then their creation time, deadline, completion and task-log rows
 * are written to chosen instants. The test clock reads 2026-11-22T10:00Z: today is Sunday the
 * 22nd in UTC and in Bogotá (05:00 there).
 */
describe.skipIf(!isDatabaseAvailable)('task reports', () => {
  let t: TestApp;
  let owner: Api;
  let projectId: number;
  let columnId: number;
  let ids: Record<'ana' | 'beto' | 'carla' | 'dora', number>;

  beforeEach(async () => {
    t = await buildTestApp();
    ids = {
      ana: (await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' })).id,
      beto: (await createUser(t.db, { email: 'beto@uni.example', name: 'Beto' })).id,
      carla: (await createUser(t.db, { email: 'carla@uni.example', name: 'Carla' })).id,
      dora: (await createUser(t.db, { email: 'dora@uni.example', name: 'Dora' })).id,
    };
    owner = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    projectId = (await owner('POST', '/api/projects', { name: 'Team A' })).json().data.id;
    for (const name of ['beto', 'carla'] as const) {
      const api = apiAs(t.app, await signIn(t.app, `${name}@uni.example`));
      await addMember(t.db, {
        projectId,
        userId: ids[name],
        role: 'member',
        folderId: await defaultFolderId(api),
      });
    }
    await setTimeZone('UTC');
    const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    columnId = (await owner('POST', `/api/boards/${board.id}/columns`, { name: 'To do' })).json().data.id;
  });
  afterEach(() => t?.close());

  const report = (path: string, api: Api = owner) => api('GET', `/api/projects/${projectId}/reports/${path}`);
  const setTimeZone = (zone: string) =>
    t.db.updateTable('projects').set({ time_zone: zone }).where('id', '=', projectId).execute();

  interface TaskFixture {
    title: string;
    created_at: string;
    deadline?: string;
    /** Completed now, at this instant (the task's completed_at). */
    completed_at?: string;
    assignee?: number;
    /** task_logs rows: [field, old_value, new_value, created_at]. */
    logs?: [string, string | null, string | null, string][];
  }

  async function task(fixture: TaskFixture): Promise<number> {
    const created = await owner('POST', `/api/columns/${columnId}/tasks`, { title: fixture.title });
    const id: number = created.json().data.id;
    await t.db
      .updateTable('tasks')
      .set({
        created_at: fixture.created_at,
        deadline: fixture.deadline ?? null,
        completed: fixture.completed_at ? 1 : 0,
        completed_at: fixture.completed_at ?? null,
      })
      .where('id', '=', id)
      .execute();
    if (fixture.assignee)
      await t.db.insertInto('task_assignees').values({ task_id: id, user_id: fixture.assignee }).execute();
    for (const [field, old_value, new_value, created_at] of fixture.logs ?? []) {
      await t.db
        .insertInto('task_logs')
        .values({ task_id: id, user_id: ids.ana, user_name: 'Ana', field, old_value, new_value, created_at })
        .execute();
    }
    return id;
  }
  const done = (at: string): [string, string, string, string] => ['completed', 'false', 'true', at];
  const undone = (at: string): [string, string, string, string] => ['completed', 'true', 'false', at];
  const moved = (at: string): [string, string, string, string] => ['moved', 'To do', 'Doing', at];

  describe('task tracking', () => {
    let tasks: Record<string, number>;

    beforeEach(async () => {
      tasks = {
        // Created on the range's first day, started, completed, reopened and completed again:
        // completed once, on the day of its last completion (03:00Z: the 18th in Bogotá).
        alpha: await task({
          title: 'Alpha',
          created_at: '2026-11-16T09:00:00.000Z',
          completed_at: '2026-11-19T03:00:00.000Z',
          assignee: ids.beto,
          logs: [
            moved('2026-11-17T10:00:00.000Z'),
            done('2026-11-18T10:00:00.000Z'),
            undone('2026-11-18T12:00:00.000Z'),
            done('2026-11-19T03:00:00.000Z'),
          ],
        }),
        // Created the second before the range; moved before it too (not started in it); completed
        // on the range's last second, after its deadline: overdue. Assigned to Carla, who leaves.
        beta: await task({
          title: 'Beta',
          created_at: '2026-11-15T23:59:59.999Z',
          deadline: '2026-11-19',
          completed_at: '2026-11-20T23:59:59.999Z',
          assignee: ids.carla,
          logs: [
            moved('2026-11-14T10:00:00.000Z'),
            moved('2026-11-17T10:00:00.000Z'),
            done('2026-11-20T23:59:59.999Z'),
          ],
        }),
        // Open, due on the range's last day: overdue.
        gamma: await task({
          title: 'Gamma',
          created_at: '2026-11-01T00:00:00.000Z',
          deadline: '2026-11-20',
          assignee: ids.ana,
        }),
        // Created and moved just after the range (UTC); in Bogotá the evening of the 20th.
        delta: await task({
          title: 'Delta',
          created_at: '2026-11-21T00:00:00.000Z',
          logs: [moved('2026-11-21T01:00:00.000Z')],
        }),
        // Completed on its deadline's day: on time.
        epsilon: await task({
          title: 'Epsilon',
          created_at: '2026-11-01T00:00:00.000Z',
          deadline: '2026-11-18',
          completed_at: '2026-11-18T20:00:00.000Z',
          logs: [done('2026-11-18T20:00:00.000Z')],
        }),
        // Created on the range's last millisecond.
        zeta: await task({ title: 'Zeta', created_at: '2026-11-20T23:59:59.999Z' }),
        // Due the 17th, completed at 03:00Z on the 18th: late in UTC, on time in Bogotá (22:00 on the 17th).
        eta: await task({
          title: 'Eta',
          created_at: '2026-11-01T00:00:00.000Z',
          deadline: '2026-11-17',
          completed_at: '2026-11-18T03:00:00.000Z',
          logs: [done('2026-11-18T03:00:00.000Z')],
        }),
        // Open and due today: not overdue yet.
        theta: await task({ title: 'Theta', created_at: '2026-11-01T00:00:00.000Z', deadline: '2026-11-22' }),
      };
    });

    const listed = (metric: { count: number; tasks: { id: number; day: string }[] }) => [
      metric.count,
      metric.tasks.map((one) => [Object.keys(tasks).find((name) => tasks[name] === one.id), one.day]),
    ];

    it('counts created, started, completed, reopened and overdue tasks with their lists, and the daily series', async () => {
      const response = await report('tasks?start_date=2026-11-16&end_date=2026-11-20');
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect([data.today, data.user]).toEqual(['2026-11-22', null]);
      expect(listed(data.metrics.created)).toEqual([
        2,
        [
          ['zeta', '2026-11-20'],
          ['alpha', '2026-11-16'],
        ],
      ]);
      expect(listed(data.metrics.started)).toEqual([1, [['alpha', '2026-11-17']]]);
      expect(listed(data.metrics.completed)).toEqual([
        4,
        [
          ['beta', '2026-11-20'],
          ['alpha', '2026-11-19'],
          ['epsilon', '2026-11-18'],
          ['eta', '2026-11-18'],
        ],
      ]);
      expect(listed(data.metrics.reopened)).toEqual([1, [['alpha', '2026-11-18']]]);
      expect(listed(data.metrics.overdue)).toEqual([
        3,
        [
          ['gamma', '2026-11-20'],
          ['beta', '2026-11-19'],
          ['eta', '2026-11-17'],
        ],
      ]);
      expect(data.metrics.created.tasks[0]).toEqual({ id: tasks.zeta, title: 'Zeta', day: '2026-11-20' });
      expect(data.days).toEqual([
        { day: '2026-11-16', created: 1, completed: 0 },
        { day: '2026-11-17', created: 0, completed: 0 },
        { day: '2026-11-18', created: 0, completed: 2 },
        { day: '2026-11-19', created: 0, completed: 1 },
        { day: '2026-11-20', created: 1, completed: 1 },
      ]);

      // Today's deadline is not overdue yet; a range of today and after has only Gamma's.
      const later = (await report('tasks?start_date=2026-11-20&end_date=2026-11-24')).json().data;
      expect(listed(later.metrics.overdue)).toEqual([1, [['gamma', '2026-11-20']]]);
    });

    it('counts the days of the project’s time zone (Bogotá, UTC−5)', async () => {
      await setTimeZone('America/Bogota');
      const data = (await report('tasks?start_date=2026-11-16&end_date=2026-11-20')).json().data;
      expect(listed(data.metrics.created)).toEqual([
        3,
        [
          ['delta', '2026-11-20'],
          ['zeta', '2026-11-20'],
          ['alpha', '2026-11-16'],
        ],
      ]);
      expect(listed(data.metrics.started)).toEqual([
        2,
        [
          ['delta', '2026-11-20'],
          ['alpha', '2026-11-17'],
        ],
      ]);
      expect(listed(data.metrics.completed)).toEqual([
        4,
        [
          ['beta', '2026-11-20'],
          ['alpha', '2026-11-18'],
          ['epsilon', '2026-11-18'],
          ['eta', '2026-11-17'],
        ],
      ]);
      expect(listed(data.metrics.overdue)).toEqual([
        2,
        [
          ['gamma', '2026-11-20'],
          ['beta', '2026-11-19'],
        ],
      ]);
      expect(
        data.days.map((day: { created: number; completed: number }) => [day.created, day.completed]),
      ).toEqual([
        [1, 0],
        [0, 1],
        [0, 2],
        [0, 0],
        [2, 1],
      ]);
    });

    it("counts only a member's assigned tasks, a former member's too, and refuses anyone else", async () => {
      const beto = (
        await report(`tasks?start_date=2026-11-16&end_date=2026-11-20&user_id=${ids.beto}`)
      ).json().data;
      expect(beto.user).toEqual({ user_id: ids.beto, name: 'Beto', is_member: true });
      expect(
        Object.fromEntries(
          Object.entries(beto.metrics).map(([name, metric]) => [name, (metric as { count: number }).count]),
        ),
      ).toEqual({ created: 1, started: 1, completed: 1, reopened: 1, overdue: 0 });
      expect(beto.days.map((day: { completed: number }) => day.completed)).toEqual([0, 0, 0, 1, 0]);

      await t.db
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', '=', ids.carla)
        .execute();
      const carla = (
        await report(`tasks?start_date=2026-11-16&end_date=2026-11-20&user_id=${ids.carla}`)
      ).json().data;
      expect(carla.user).toEqual({ user_id: ids.carla, name: 'Carla', is_member: false });
      expect(listed(carla.metrics.completed)).toEqual([1, [['beta', '2026-11-20']]]);
      expect(listed(carla.metrics.overdue)).toEqual([1, [['beta', '2026-11-19']]]);

      for (const userId of [ids.dora, 999_999]) {
        const response = await report(`tasks?start_date=2026-11-16&end_date=2026-11-20&user_id=${userId}`);
        expect([response.statusCode, response.json().code]).toEqual([404, 'NOT_FOUND']);
      }
    });

    it('reports an empty range and refuses bad ranges and parameters', async () => {
      const empty = (await report('tasks?start_date=2027-01-01&end_date=2027-01-07')).json().data;
      expect(empty.days).toHaveLength(7);
      expect(
        empty.days.every((day: { created: number; completed: number }) => day.created + day.completed === 0),
      ).toBe(true);
      for (const metric of Object.values(empty.metrics)) expect(metric).toEqual({ count: 0, tasks: [] });

      const es = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
      const cases: [string, number, string][] = [
        ['tasks?start_date=2026-11-20&end_date=2026-11-16', 422, 'RANGE_NOT_VALID'],
        ['tasks?start_date=2025-11-01&end_date=2026-11-02', 422, 'RANGE_TOO_LONG_ONE_YEAR'],
        ['tasks?start_date=2026-11-01&end_date=2026-11-02&user_id=all', 422, 'VALIDATION_FAILED'],
        ['tasks?start_date=2026-11-01&end_date=2026-11-02&user_id=99999999999999', 422, 'VALIDATION_FAILED'],
        ['tasks?start_date=2026-11-01', 422, 'VALIDATION_FAILED'],
      ];
      for (const [path, status, code] of cases) {
        const response = await report(path, es);
        expect([response.statusCode, response.json().code], path).toEqual([status, code]);
      }
      const tooLong = await report('tasks?start_date=2025-11-01&end_date=2026-11-02', es);
      expect(tooLong.json().errors).toEqual(['Este informe abarca como máximo 1 año.']);
    });

    it('lists at most 200 tasks per metric, the newest first, with the full count', async () => {
      const board = await t.db
        .selectFrom('columns')
        .select('board_id')
        .where('id', '=', columnId)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('tasks')
        .values(
          Array.from({ length: 205 }, (_, index) => ({
            column_id: columnId,
            board_id: board.board_id,
            project_id: projectId,
            title: `Bulk ${index}`,
            position: 1000 + index,
            created_at: `2027-02-01T${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00.000Z`,
            updated_at: '2027-02-01T00:00:00.000Z',
          })),
        )
        .execute();
      const data = (await report('tasks?start_date=2027-02-01&end_date=2027-02-01')).json().data;
      expect(data.metrics.created.count).toBe(205);
      expect(data.metrics.created.tasks).toHaveLength(200);
      expect(data.metrics.created.tasks[0].title).toBe('Bulk 204');
      expect(data.days).toEqual([{ day: '2027-02-01', created: 205, completed: 0 }]);
    });
  });

  describe('lead time', () => {
    let tasks: Record<string, number>;

    beforeEach(async () => {
      tasks = {
        // Lead 2 days, cycle 1.
        l1: await task({
          title: 'L1',
          created_at: '2026-11-10T00:00:00.000Z',
          completed_at: '2026-11-12T00:00:00.000Z',
          logs: [moved('2026-11-11T00:00:00.000Z'), done('2026-11-12T00:00:00.000Z')],
        }),
        // Completed, reopened, completed again: once, to its last completion. Lead 16.5, cycle 15.
        l2: await task({
          title: 'L2',
          created_at: '2026-11-01T00:00:00.000Z',
          completed_at: '2026-11-17T12:00:00.000Z',
          logs: [
            moved('2026-11-02T12:00:00.000Z'),
            done('2026-11-13T00:00:00.000Z'),
            undone('2026-11-14T00:00:00.000Z'),
            moved('2026-11-15T00:00:00.000Z'),
            done('2026-11-17T12:00:00.000Z'),
          ],
        }),
        // Never moved before its completion (only after): lead 0.25, no cycle time.
        l3: await task({
          title: 'L3',
          created_at: '2026-11-16T00:00:00.000Z',
          completed_at: '2026-11-16T06:00:00.000Z',
          logs: [done('2026-11-16T06:00:00.000Z'), moved('2026-11-16T07:00:00.000Z')],
        }),
        // Completed in the range, then reopened: not completed now, so not counted.
        l4: await task({
          title: 'L4',
          created_at: '2026-11-08T00:00:00.000Z',
          logs: [done('2026-11-15T00:00:00.000Z'), undone('2026-11-15T01:00:00.000Z')],
        }),
        // Completed the second before the range.
        l5: await task({
          title: 'L5',
          created_at: '2026-11-01T00:00:00.000Z',
          completed_at: '2026-11-08T23:59:59.999Z',
          logs: [done('2026-11-08T23:59:59.999Z')],
        }),
        // Lead 51, cycle 50.
        l6: await task({
          title: 'L6',
          created_at: '2026-10-01T00:00:00.000Z',
          completed_at: '2026-11-21T00:00:00.000Z',
          logs: [moved('2026-10-02T00:00:00.000Z'), done('2026-11-21T00:00:00.000Z')],
        }),
        // Last completed after the range (UTC); in Bogotá the evening of the 22nd. Lead 4.
        l7: await task({
          title: 'L7',
          created_at: '2026-11-19T00:00:00.000Z',
          completed_at: '2026-11-23T00:00:00.000Z',
          logs: [
            done('2026-11-20T00:00:00.000Z'),
            undone('2026-11-20T01:00:00.000Z'),
            done('2026-11-23T00:00:00.000Z'),
          ],
        }),
        // Completed at 03:00Z on the range's first day (UTC); in Bogotá the 8th, before it. Lead 1.
        l8: await task({
          title: 'L8',
          created_at: '2026-11-08T03:00:00.000Z',
          completed_at: '2026-11-09T03:00:00.000Z',
          logs: [done('2026-11-09T03:00:00.000Z')],
        }),
      };
    });
    const names = (rows: { id: number }[]) =>
      rows.map((row) => Object.keys(tasks).find((name) => tasks[name] === row.id));

    it('gives the summary, distribution, weekly trend and tasks of the last completions in the range', async () => {
      const response = await report('lead?start_date=2026-11-09&end_date=2026-11-22');
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      // Leads 0.25, 1, 2, 16.5, 51; cycles 1, 15, 50.
      expect(data.summary).toEqual({
        count: 5,
        lead_days: { median: 2, mean: 14.15 },
        cycle_days: { median: 15, mean: 22, count: 3 },
      });
      expect(data.distribution).toEqual([
        { from: 0, to: 1, count: 1 },
        { from: 1, to: 2, count: 1 },
        { from: 2, to: 4, count: 1 },
        { from: 4, to: 7, count: 0 },
        { from: 7, to: 14, count: 0 },
        { from: 14, to: 30, count: 1 },
        { from: 30, to: null, count: 1 },
      ]);
      expect(data.weeks).toEqual([
        { week: '2026-11-09', count: 2, median_lead_days: 1.5, median_cycle_days: 1 },
        { week: '2026-11-16', count: 3, median_lead_days: 16.5, median_cycle_days: 32.5 },
      ]);
      expect(names(data.tasks)).toEqual(['l6', 'l2', 'l3', 'l1', 'l8']);
      expect(data.tasks[1]).toEqual({
        id: tasks.l2,
        title: 'L2',
        created_at: '2026-11-01T00:00:00.000Z',
        started_at: '2026-11-02T12:00:00.000Z',
        completed_at: '2026-11-17T12:00:00.000Z',
        lead_days: 16.5,
        cycle_days: 15,
      });
      expect(data.tasks[2]).toMatchObject({ started_at: null, lead_days: 0.25, cycle_days: null });
    });

    it('counts the days of the project’s time zone, defaults to the last 12 weeks, and answers an empty range', async () => {
      await setTimeZone('America/Bogota');
      const data = (await report('lead?start_date=2026-11-09&end_date=2026-11-22')).json().data;
      // Leads 0.25, 2, 4, 16.5, 51.
      expect(names(data.tasks)).toEqual(['l7', 'l6', 'l2', 'l3', 'l1']);
      expect(data.summary.lead_days).toEqual({ median: 4, mean: 14.75 });
      expect(data.weeks.map((week: { count: number }) => week.count)).toEqual([1, 4]);

      const byDefault = (await report('lead')).json().data;
      expect([byDefault.start_date, byDefault.end_date, byDefault.weeks.length]).toEqual([
        '2026-08-31',
        '2026-11-22',
        12,
      ]);
      // From Monday Aug 31 on: L5 (the 8th, 18:59 in Bogotá) and L8 are in too.
      expect(byDefault.summary.count).toBe(7);

      const empty = (await report('lead?start_date=2027-01-04&end_date=2027-01-10')).json().data;
      expect(empty.summary).toEqual({
        count: 0,
        lead_days: { median: null, mean: null },
        cycle_days: { median: null, mean: null, count: 0 },
      });
      expect(empty.distribution.every((bucket: { count: number }) => bucket.count === 0)).toBe(true);
      expect(empty.weeks).toEqual([
        { week: '2027-01-04', count: 0, median_lead_days: null, median_cycle_days: null },
      ]);
      expect(empty.tasks).toEqual([]);

      const bad = await report('lead?start_date=2026-11-22&end_date=2026-11-01');
      expect([bad.statusCode, bad.json().code]).toEqual([422, 'RANGE_NOT_VALID']);
      const half = await report('lead?end_date=2026-11-01&start_date=2026-13-01');
      expect(half.statusCode).toBe(422);
    });
  });
});
