import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/**
 * Burnup, burndown and velocity against a hand-computed fixture, on both databases, in Bogotá
 * (UTC−5: an event at 03:00Z is the previous day there). The test clock moves forward through the
 * milestone, so every change goes through the API and is logged as the app logs it: a task
 * completed, reopened and completed again; one completed before it joined the milestone; one that
 * left for another milestone; one completed by a member who then left; work after the deadline.
 */
describe.skipIf(!isDatabaseAvailable)('milestone reports', () => {
  let t: TestApp;
  let owner: Api;
  let leaver: Api;
  let projectId: number;
  let columnId: number;
  let carlaId: number;

  beforeEach(async () => {
    t = await buildTestApp(); // the clock reads 2026-11-22T10:00Z: 05:00 on Nov 22 in Bogotá
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
    carlaId = (await createUser(t.db, { email: 'carla@uni.example', name: 'Carla' })).id;
    owner = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    leaver = apiAs(t.app, await signIn(t.app, 'carla@uni.example'));
    projectId = (await owner('POST', '/api/projects', { name: 'Team A' })).json().data.id;
    await addMember(t.db, {
      projectId,
      userId: carlaId,
      role: 'member',
      folderId: await defaultFolderId(leaver),
    });
    await t.db
      .updateTable('projects')
      .set({ time_zone: 'America/Bogota' })
      .where('id', '=', projectId)
      .execute();
    const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    columnId = (await owner('POST', `/api/boards/${board.id}/columns`, { name: 'C' })).json().data.id;
  });
  afterEach(() => t?.close());

  const report = (path: string, api: Api = owner) => api('GET', `/api/projects/${projectId}/reports/${path}`);
  /** Moves the test clock forward to an instant. */
  function at(iso: string) {
    const ms = Date.parse(iso) - t.clock.now().getTime();
    expect(ms).toBeGreaterThanOrEqual(0);
    t.clock.advance(ms);
  }
  async function milestone(name: string, start_date: string, deadline: string, sprint: boolean) {
    const response = await owner('POST', `/api/projects/${projectId}/milestones`, {
      milestone_name: name,
      start_date,
      deadline,
      sprint,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.milestone_id as number;
  }
  async function task(title: string, changes: Record<string, unknown>) {
    const id: number = (await owner('POST', `/api/columns/${columnId}/tasks`, { title })).json().data.id;
    await update(id, changes);
    return id;
  }
  async function update(taskId: number, changes: Record<string, unknown>, api: Api = owner) {
    const response = await api('PUT', `/api/tasks/${taskId}`, changes);
    expect(response.statusCode, response.body).toBe(200);
  }

  /** [scope, completed, remaining, ideal completed, ideal remaining] of each day. */
  const series = (
    days: { tasks: Record<string, number | null>; hours: Record<string, number | null> }[],
  ) => ({
    tasks: days.map((d) => [
      d.tasks.scope,
      d.tasks.completed,
      d.tasks.remaining,
      d.tasks.ideal_completed,
      d.tasks.ideal_remaining,
    ]),
    hours: days.map((d) => [
      d.hours.scope,
      d.hours.completed,
      d.hours.remaining,
      d.hours.ideal_completed,
      d.hours.ideal_remaining,
    ]),
  });

  describe('with a sprint from Nov 23 to Nov 27', () => {
    let ids: Record<'sprint' | 'previous' | 'empty', number>;
    let tasks: Record<'a' | 'b' | 'c', number>;

    beforeEach(async () => {
      ids = {
        sprint: await milestone('Sprint 2', '2026-11-23', '2026-11-27', true),
        previous: await milestone('Sprint 1', '2026-11-16', '2026-11-22', true),
        empty: await milestone('Release', '2026-11-20', '2026-11-21', false),
      };
      // Nov 22 in Bogotá: before the sprint's first day.
      tasks = {
        a: await task('A', { milestone_id: ids.sprint, expected_hours: 2 }),
        b: await task('B', { milestone_id: ids.sprint, expected_hours: 3 }),
        c: await task('C', { milestone_id: ids.sprint }), // no estimate: 0 hours
      };
      const d = await task('D', { expected_hours: 4, completed: true }); // done before it joins
      const e = await task('E', { milestone_id: ids.sprint, expected_hours: 1.5 }); // leaves for Sprint 1
      await task('F', { milestone_id: ids.previous, expected_hours: 2, completed: true });
      const g = await task('G', { milestone_id: ids.previous, expected_hours: 1 });
      at('2026-11-23T03:00:00Z'); // 22:00 on Nov 22 in Bogotá: still within Sprint 1 there
      await update(g, { completed: true });
      at('2026-11-23T15:00:00Z');
      await update(tasks.a, { completed: true });
      at('2026-11-25T03:00:00Z'); // 22:00 on Nov 24 in Bogotá (Nov 25 in UTC)
      await update(tasks.b, { completed: true }, leaver);
      await t.db
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', '=', carlaId)
        .execute();
      at('2026-11-25T12:00:00Z');
      await update(tasks.a, { completed: false });
      await update(d, { milestone_id: ids.sprint });
      at('2026-11-26T14:00:00Z');
      await update(tasks.a, { completed: true });
      await update(e, { milestone_id: ids.previous });
      at('2026-11-27T02:00:00Z'); // 21:00 on Nov 26 in Bogotá: today is Nov 26 there
    });

    it('counts scope and completed work at the end of each day in the project time zone', async () => {
      const burnup = (await report(`burnup?milestone_id=${ids.sprint}`)).json().data;
      expect(burnup).toMatchObject({
        milestone: {
          milestone_id: ids.sprint,
          name: 'Sprint 2',
          start_date: '2026-11-23',
          deadline: '2026-11-27',
          sprint: true,
        },
        today: '2026-11-26',
        start_date: '2026-11-23',
        end_date: '2026-11-27',
      });
      expect(burnup.days.map((d: { day: string }) => d.day)).toEqual([
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
      ]);
      // Ideal lines: burnup 0 → 4 tasks (9 h) by the deadline; burndown 3 tasks (5 h) → 0.
      expect(series(burnup.days)).toEqual({
        tasks: [
          [3, 1, 2, 0, 3],
          [3, 2, 1, 1, 2.25], // B completed at 22:00 in Bogotá
          [4, 2, 2, 2, 1.5], // A reopened; D joins, completed already
          [4, 3, 1, 3, 0.75], // A completed again
          [null, null, null, 4, 0], // after today
        ],
        hours: [
          [5, 2, 3, 0, 5],
          [5, 5, 0, 2.25, 3.75],
          [9, 7, 2, 4.5, 2.5],
          [9, 9, 0, 6.75, 1.25],
          [null, null, null, 9, 0],
        ],
      });
      expect(burnup.scope_changes).toEqual([{ day: '2026-11-25', tasks: 1, hours: 4 }]);
      expect((await report(`burndown?milestone_id=${ids.sprint}`)).json().data).toEqual(burnup);
    });

    it('follows work past the deadline for up to 30 days, and shows an empty milestone', async () => {
      at('2026-11-29T15:00:00Z');
      await update(tasks.c, { completed: true });
      at('2026-12-03T15:00:00Z');
      const burndown = (await report(`burndown?milestone_id=${ids.sprint}`)).json().data;
      expect(burndown).toMatchObject({ today: '2026-12-03', end_date: '2026-11-29' });
      expect(series(burndown.days).tasks.slice(3)).toEqual([
        [4, 3, 1, 3, 0.75],
        [4, 3, 1, 4, 0], // the deadline
        [4, 3, 1, 4, 0],
        [4, 4, 0, 4, 0], // C completed after the deadline
      ]);

      const empty = (await report(`burnup?milestone_id=${ids.empty}`)).json().data;
      expect(empty).toMatchObject({ start_date: '2026-11-20', end_date: '2026-11-21', scope_changes: [] });
      expect(series(empty.days).tasks).toEqual([
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
      ]);
    });

    it('gives each sprint its completed and planned work, and the mean of the finished ones', async () => {
      const velocity = (await report('velocity')).json().data;
      expect(velocity).toEqual({
        today: '2026-11-26',
        sprints: [
          {
            milestone_id: ids.previous,
            name: 'Sprint 1',
            start_date: '2026-11-16',
            deadline: '2026-11-22',
            finished: true,
            completed: { tasks: 2, hours: 3 }, // F, and G at 22:00 on its last day in Bogotá
            planned: { tasks: 3, hours: 4.5 }, // F, G and E
          },
          {
            milestone_id: ids.sprint,
            name: 'Sprint 2',
            start_date: '2026-11-23',
            deadline: '2026-11-27',
            finished: false,
            completed: { tasks: 2, hours: 5 }, // A (last completion Nov 26) and B; D was done before
            planned: { tasks: 4, hours: 9 },
          },
        ],
        average: { tasks: 2, hours: 3, sprints: 1 },
      });

      at('2026-11-29T15:00:00Z');
      await update(tasks.c, { completed: true }); // after Sprint 2's deadline: not its velocity
      const later = (await report('velocity')).json().data;
      expect(later.sprints[1]).toMatchObject({ finished: true, completed: { tasks: 2, hours: 5 } });
      expect(later.average).toEqual({ tasks: 2, hours: 4, sprints: 2 });
    });
  });

  it('answers 404 for a milestone of another project or a missing one, and 422 for a bad id', async () => {
    const otherProject = (await owner('POST', '/api/projects', { name: 'Team B' })).json().data.id;
    const theirs = (
      await owner('POST', `/api/projects/${otherProject}/milestones`, {
        milestone_name: 'Theirs',
        start_date: '2026-11-01',
        deadline: '2026-11-30',
      })
    ).json().data.milestone_id;
    const es = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
    for (const kind of ['burnup', 'burndown']) {
      const cases: [string, number, string][] = [
        [`${kind}?milestone_id=${theirs}`, 404, 'NOT_FOUND'],
        [`${kind}?milestone_id=999999`, 404, 'NOT_FOUND'],
        [`${kind}?milestone_id=abc`, 422, 'VALIDATION_FAILED'],
        [`${kind}?milestone_id=99999999999999999999`, 422, 'VALIDATION_FAILED'],
        [kind, 422, 'VALIDATION_FAILED'],
      ];
      for (const [path, status, code] of cases) {
        const response = await report(path, es);
        expect([response.statusCode, response.json().code], path).toEqual([status, code]);
      }
    }
    expect((await report(`burnup?milestone_id=${theirs}`, es)).json().errors).toEqual(['No encontrado']);
  });

  it('has no sprints to show in a project without any', async () => {
    await milestone('Release', '2026-11-20', '2026-11-30', false);
    expect((await report('velocity')).json().data).toEqual({
      today: '2026-11-22',
      sprints: [],
      average: null,
    });
  });
});
