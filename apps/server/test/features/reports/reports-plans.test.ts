import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { apiAs, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { seedTeamA } from '../../helpers/seed/team.js';

/**
 * The plan reports against hand-computed fixtures, on both databases: the timeline (bars from the
 * starting date or the creation day to the deadline, the range's edges, milestones overlapping it,
 * blocked and overdue tasks, a task completed then reopened, the cap, a member who left, creation
 * days and "today" in Bogotá), average task completion and estimated hours variation of a
 * milestone (shared tasks, an unassigned one, an archived one, a task completed, reopened and
 * completed again, checklists, hours logged by someone not assigned, a member who left).
 */
describe.skipIf(!isDatabaseAvailable)('plan reports', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let leaver: Api;
  let projectId: number;
  let columnId: number;
  let ids: Record<'ana' | 'beto' | 'carla', number>;

  beforeEach(async () => {
    t = await buildTestApp();
    ({ ids, owner, member, leaver, projectId } = await seedTeamA(t));
    const boardId = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data.id;
    columnId = (await owner('POST', `/api/boards/${boardId}/columns`, { name: 'Todo' })).json().data.id;
  });
  afterEach(() => t?.close());

  const report = (path: string, api: Api = owner) => api('GET', `/api/projects/${projectId}/reports/${path}`);
  const setTimeZone = (zone: string) =>
    t.db.updateTable('projects').set({ time_zone: zone }).where('id', '=', projectId).execute();
  const setTask = (taskId: number, values: { created_at?: string }) =>
    t.db.updateTable('tasks').set(values).where('id', '=', taskId).execute();
  const leave = (userId: number) =>
    t.db
      .deleteFrom('project_members')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .execute();

  async function milestone(name: string, start_date: string, deadline: string, project = projectId) {
    const response = await owner('POST', `/api/projects/${project}/milestones`, {
      milestone_name: name,
      start_date,
      deadline,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.milestone_id as number;
  }
  async function task(title: string, changes: Record<string, unknown> = {}) {
    const id: number = (await owner('POST', `/api/columns/${columnId}/tasks`, { title })).json().data.id;
    if (Object.keys(changes).length > 0) await update(id, changes);
    return id;
  }
  async function update(taskId: number, changes: Record<string, unknown>) {
    const response = await owner('PUT', `/api/tasks/${taskId}`, changes);
    expect(response.statusCode, response.body).toBe(200);
  }
  async function log(api: Api, taskId: number, date: string, hours: number) {
    const response = await api('POST', `/api/tasks/${taskId}/hours`, { hours, date });
    expect(response.statusCode, response.body).toBe(201);
  }
  /** A checklist of `items` items, the first `done` of them done. */
  async function checklist(taskId: number, items: number, done: number) {
    for (let index = 0; index < items; index += 1) {
      const item = (await owner('POST', `/api/tasks/${taskId}/checklist`, { text: `Item ${index}` })).json()
        .data;
      if (index < done) await owner('PUT', `/api/checklist/${item.id}`, { status: 'done' });
    }
  }

  describe('timeline', () => {
    let milestones: Record<'m1' | 'demo' | 'm2', number>;

    interface Bar {
      title: string;
      start: string;
      end: string;
      overdue: boolean;
    }
    type Timeline = {
      today: string;
      total_tasks: number;
      groups: { milestone: { milestone_id: number } | null; tasks: (Bar & Record<string, unknown>)[] }[];
      members: unknown[];
    };
    const timeline = async (range = 'start_date=2026-11-20&end_date=2026-11-26') =>
      (await report(`timeline?${range}`, member)).json().data as Timeline;
    /** Each group as its milestone id (null: none) and its tasks' titles with their bars. */
    const bars = (data: Timeline) =>
      data.groups.map((group) => [
        group.milestone?.milestone_id ?? null,
        group.tasks.map((bar) => `${bar.title} ${bar.start}…${bar.end}${bar.overdue ? ' overdue' : ''}`),
      ]);

    /** Today is 2026-11-22 (the test clock, 10:00 UTC), when the tasks are created; the range is Nov 20 – 26. */
    beforeEach(async () => {
      await setTimeZone('UTC');
      milestones = {
        m1: await milestone('M1', '2026-11-01', '2026-11-30'),
        // On the range's last day, with no task: still drawn.
        demo: await milestone('Demo day', '2026-11-26', '2026-11-26'),
        // Out of the range, but holding a listed task.
        m2: await milestone('M2', '2026-12-01', '2026-12-15'),
      };
      await milestone('Old', '2026-10-01', '2026-11-19'); // ends the day before: out
      await milestone('Far', '2027-03-01', '2027-03-31');

      await task('Design', {
        milestone_id: milestones.m1,
        starting_date: '2026-11-18',
        deadline: '2026-11-21',
        assigned: [ids.beto, ids.ana],
      });
      await task('Build', {
        milestone_id: milestones.m1,
        starting_date: '2026-11-21',
        deadline: '2026-11-30',
        is_blocked: true,
        blocked_reason: 'Waiting for the API',
        assigned: [ids.beto],
      });
      // Deadline only, on the range's first day, created after it: a one-day bar. Completed, then reopened.
      const reopened = await task('Reopened', { deadline: '2026-11-20', completed: true });
      await update(reopened, { completed: false });
      await task('Done', { deadline: '2026-11-20', completed: true });
      // Created before the range (written below), deadline only: from its creation day.
      const early = await task('Early', { milestone_id: milestones.m2, deadline: '2026-11-24' });
      await setTask(early, { created_at: '2026-11-10T12:00:00.000Z' });
      // 03:00 UTC: the day before in Bogotá (the range's first day, and the one before it).
      const lateNight = await task('Late night', { deadline: '2026-11-22' });
      await setTask(lateNight, { created_at: '2026-11-20T03:00:00.000Z' });
      const inRange = await task('Created at 03Z', { deadline: '2026-11-26' });
      await setTask(inRange, { created_at: '2026-11-24T03:00:00.000Z' });
      await task('Last day', { starting_date: '2026-11-26', assigned: [ids.carla] });
      await task('After', { starting_date: '2026-11-27' }); // the day after: out
      await task('Before', {
        milestone_id: milestones.m1,
        starting_date: '2026-11-10',
        deadline: '2026-11-19',
      });
      await task('No dates');
      await task('Archived', { starting_date: '2026-11-21', deadline: '2026-11-22', is_archived: true });
      await leave(ids.carla);
    });

    it('draws each task from its start to its end, grouped by milestone, the ones of none last', async () => {
      const data = await timeline();
      expect(data.today).toBe('2026-11-22');
      expect(bars(data)).toEqual([
        [milestones.m1, ['Design 2026-11-18…2026-11-21 overdue', 'Build 2026-11-21…2026-11-30']],
        [milestones.demo, []],
        [milestones.m2, ['Early 2026-11-10…2026-11-24']],
        [
          null,
          [
            'Reopened 2026-11-20…2026-11-20 overdue',
            'Done 2026-11-20…2026-11-20',
            'Late night 2026-11-20…2026-11-22',
            'Created at 03Z 2026-11-24…2026-11-26',
            'Last day 2026-11-26…2026-11-26',
          ],
        ],
      ]);
      expect(data.total_tasks).toBe(8);
      expect(data.groups[0]!.milestone).toEqual({
        milestone_id: milestones.m1,
        name: 'M1',
        start_date: '2026-11-01',
        deadline: '2026-11-30',
        sprint: false,
      });
      const [design, build] = data.groups[0]!.tasks;
      expect(design).toMatchObject({
        milestone_id: milestones.m1,
        deadline: '2026-11-21',
        completed: false,
        is_blocked: false,
        blocked_reason: null,
        assignees: [ids.ana, ids.beto],
      });
      expect(build).toMatchObject({
        is_blocked: true,
        blocked_reason: 'Waiting for the API',
        overdue: false,
      });
      expect(data.groups[3]!.tasks[1]).toMatchObject({ title: 'Done', completed: true, overdue: false });
      expect(data.groups[3]!.tasks[4]).toMatchObject({ deadline: null, assignees: [ids.carla] });
      expect(data.members).toEqual([
        { user_id: ids.ana, name: 'Ana', is_member: true },
        { user_id: ids.beto, name: 'Beto', is_member: true },
        { user_id: ids.carla, name: 'Carla', is_member: false },
      ]);
    });

    it("reads creation days and today in the project's time zone", async () => {
      t.clock.advance(15 * 3_600_000); // 2026-11-23 01:00 UTC = Nov 22, 20:00 in Bogotá
      const utc = await timeline();
      expect(utc.today).toBe('2026-11-23');
      expect(bars(utc)[3]![1]).toContain('Late night 2026-11-20…2026-11-22 overdue');

      await setTimeZone('America/Bogota');
      const bogota = await timeline();
      expect(bogota.today).toBe('2026-11-22');
      expect(bars(bogota)[3]).toEqual([
        null,
        [
          'Reopened 2026-11-20…2026-11-20 overdue',
          'Done 2026-11-20…2026-11-20',
          // By the start of its visible bar (Nov 20), then its end.
          'Late night 2026-11-19…2026-11-22',
          'Created at 03Z 2026-11-23…2026-11-26',
          'Last day 2026-11-26…2026-11-26',
        ],
      ]);
      // Early was created on Nov 10, 07:00 in Bogotá: the same day.
      expect(bars(bogota)[2]).toEqual([milestones.m2, ['Early 2026-11-10…2026-11-24']]);
    });

    it(`lists the first tasks by start when there are too many, and counts them all`, async () => {
      const now = '2026-11-22T10:00:00.000Z';
      const board = await t.db
        .selectFrom('columns')
        .select('board_id')
        .where('id', '=', columnId)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('tasks')
        .values(
          Array.from({ length: 493 }, (_, index) => ({
            column_id: columnId,
            board_id: board.board_id,
            project_id: projectId,
            title: `Bulk ${index}`,
            position: 1000 + index,
            starting_date: '2026-11-25',
            deadline: '2026-11-25',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const data = await timeline();
      expect(data.total_tasks).toBe(501);
      const listed = data.groups.flatMap((group) => group.tasks.map((bar) => bar.title));
      expect(listed).toHaveLength(500);
      // The one that starts last is left out, and with it the only task of a former member.
      expect(listed).not.toContain('Last day');
      expect(listed).toContain('Created at 03Z');
      expect(data.members).toEqual([
        { user_id: ids.ana, name: 'Ana', is_member: true },
        { user_id: ids.beto, name: 'Beto', is_member: true },
      ]);
    });

    it('answers an empty range with no groups, and refuses bad ranges', async () => {
      const empty = await timeline('start_date=2027-06-01&end_date=2027-06-07');
      expect(empty).toMatchObject({ groups: [], total_tasks: 0, members: [] });
      // The far milestone alone: no task in March.
      const march = await timeline('start_date=2027-03-31&end_date=2027-04-02');
      expect(march.groups.map((group) => group.milestone?.milestone_id)).toHaveLength(1);
      expect((await report('timeline?start_date=2026-01-01&end_date=2027-01-01')).statusCode).toBe(200);
      const cases: [string, string][] = [
        ['timeline?start_date=2026-11-26&end_date=2026-11-20', 'RANGE_NOT_VALID'],
        ['timeline?start_date=2026-01-01&end_date=2027-01-02', 'RANGE_TOO_LONG_ONE_YEAR'],
        ['timeline?start_date=2026-02-30&end_date=2026-03-02', 'DATE_NOT_VALID'],
        ['timeline?start_date=2026-11-20', 'VALIDATION_FAILED'],
      ];
      for (const [path, code] of cases) {
        const response = await report(path);
        expect([response.statusCode, response.json().code], path).toEqual([422, code]);
      }
      const es = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
      const spanish = await es(
        'GET',
        `/api/projects/${projectId}/reports/timeline?start_date=2026-01-01&end_date=2027-01-02`,
      );
      expect(spanish.json().errors).toEqual(['Este informe abarca como máximo 1 año.']);
    });
  });

  describe('milestone reports', () => {
    let sprint: number;
    let tasks: Record<'spec' | 'build' | 'test' | 'docs' | 'carlas' | 'archived', number>;

    /**
     * Sprint tasks, created at 2026-11-22 10:00 UTC (the clock) and completed then, except Build,
     * completed, reopened and completed again 12 hours later; creation instants written below.
     */
    beforeEach(async () => {
      sprint = await milestone('Sprint 1', '2026-11-01', '2026-11-30');
      const other = await milestone('Sprint 2', '2026-12-01', '2026-12-15');
      const inSprint = { milestone_id: sprint };
      tasks = {
        spec: await task('Spec', { ...inSprint, assigned: [ids.ana], expected_hours: 4 }),
        build: await task('Build', { ...inSprint, assigned: [ids.ana, ids.beto], expected_hours: 6 }),
        test: await task('Test', { ...inSprint, assigned: [ids.beto], expected_hours: 0 }),
        docs: await task('Docs', { ...inSprint, expected_hours: 2 }),
        carlas: await task('Carla’s', { ...inSprint, assigned: [ids.carla] }),
        archived: await task('Archived', {
          ...inSprint,
          assigned: [ids.ana],
          expected_hours: 1,
          is_archived: true,
        }),
      };
      const elsewhere = await task('Elsewhere', {
        milestone_id: other,
        assigned: [ids.ana],
        expected_hours: 10,
        completed: true,
      });
      await checklist(elsewhere, 2, 2);
      await checklist(tasks.spec, 2, 1);
      await checklist(tasks.build, 3, 3);
      await checklist(tasks.test, 4, 0);

      for (const id of [tasks.spec, tasks.build, tasks.test, tasks.carlas])
        await update(id, { completed: true });
      await update(tasks.build, { completed: false });
      await update(tasks.test, { completed: false });
      t.clock.advance(12 * 3_600_000);
      await update(tasks.build, { completed: true });
      await setTask(tasks.spec, { created_at: '2026-11-20T10:00:00.000Z' }); // 2 days
      await setTask(tasks.build, { created_at: '2026-11-20T10:00:00.000Z' }); // 2.5 days to its last completion
      await setTask(tasks.carlas, { created_at: '2026-11-21T10:00:00.000Z' }); // 1 day

      await log(owner, tasks.spec, '2026-11-10', 3);
      await log(member, tasks.spec, '2026-11-11', 2);
      await log(owner, tasks.build, '2026-11-12', 2);
      await log(member, tasks.build, '2026-11-12', 1);
      await log(member, tasks.test, '2026-11-13', 1.5);
      await log(member, tasks.docs, '2026-11-13', 0.5); // not assigned to Beto: still his hours
      await log(leaver, tasks.carlas, '2026-11-14', 1);
      await log(owner, elsewhere, '2026-11-14', 7);
      await leave(ids.carla);
    });

    const completion = (
      tasks: number,
      completed: number,
      share: number | null,
      days: number | null,
      checklistProgress: number | null,
      withChecklist: number,
    ) => ({
      tasks,
      completed,
      completion: share,
      average_days_to_complete: days,
      average_checklist_progress: checklistProgress,
      tasks_with_checklist: withChecklist,
    });

    it('averages completion, days to the last completion and checklist progress, per assignee', async () => {
      const data = (await report(`average_task_completion?milestone_id=${sprint}`, member)).json().data;
      expect(data.milestone).toEqual({
        milestone_id: sprint,
        name: 'Sprint 1',
        start_date: '2026-11-01',
        deadline: '2026-11-30',
        sprint: false,
      });
      expect(data.rows).toEqual([
        // Spec, Build, Archived: (2 + 2.5) / 2 days; checklists (0.5 + 1) / 2.
        { user_id: ids.ana, name: 'Ana', is_member: true, ...completion(3, 2, 0.6667, 2.25, 0.75, 2) },
        // Build, Test (reopened): Build's 2.5 days; checklists (1 + 0) / 2.
        { user_id: ids.beto, name: 'Beto', is_member: true, ...completion(2, 1, 0.5, 2.5, 0.5, 2) },
        { user_id: ids.carla, name: 'Carla', is_member: false, ...completion(1, 1, 1, 1, null, 0) },
        { user_id: null, name: '', is_member: false, ...completion(1, 0, 0, null, null, 0) },
      ]);
      // Each task once: (2 + 2.5 + 1) / 3 days; checklists (0.5 + 1 + 0) / 3.
      expect(data.totals).toEqual(completion(6, 3, 0.5, 1.83, 0.5, 3));
    });

    it('compares expected and reported hours per task and per member', async () => {
      const data = (await report(`estimated_hours_variation?milestone_id=${sprint}`, member)).json().data;
      const row = (
        id: number,
        title: string,
        completed: boolean,
        expected: number | null,
        reported: number,
      ) => ({
        id,
        title,
        completed,
        expected_hours: expected,
        reported_hours: reported,
      });
      expect(data.tasks).toEqual([
        { ...row(tasks.build, 'Build', true, 6, 3), variation: -3, variation_share: -0.5 },
        { ...row(tasks.test, 'Test', false, 0, 1.5), variation: 1.5, variation_share: null },
        { ...row(tasks.docs, 'Docs', false, 2, 0.5), variation: -1.5, variation_share: -0.75 },
        { ...row(tasks.spec, 'Spec', true, 4, 5), variation: 1, variation_share: 0.25 },
        { ...row(tasks.archived, 'Archived', false, 1, 0), variation: -1, variation_share: -1 },
        { ...row(tasks.carlas, 'Carla’s', true, null, 1), variation: null, variation_share: null },
      ]);
      const hours = (expected: number, reported: number, variation: number) => ({
        expected_hours: expected,
        reported_hours: reported,
        variation,
      });
      expect(data.members).toEqual([
        // Spec 4 + half of Build 3 + Archived 1; logged 3 + 2 (not the 7 on another milestone).
        { user_id: ids.ana, name: 'Ana', is_member: true, ...hours(8, 5, -3) },
        // Half of Build 3 + Test 0; logged on Spec, Build, Test and Docs.
        { user_id: ids.beto, name: 'Beto', is_member: true, ...hours(3, 5, 2) },
        { user_id: ids.carla, name: 'Carla', is_member: false, ...hours(0, 1, 1) },
        { user_id: null, name: '', is_member: false, ...hours(2, 0, -2) },
      ]);
      expect(data.totals).toEqual(hours(13, 11, -2));
    });

    it('answers a milestone with no tasks with empty numbers', async () => {
      const empty = await milestone('Empty', '2026-12-20', '2026-12-24');
      const averages = (await report(`average_task_completion?milestone_id=${empty}`)).json().data;
      expect(averages.rows).toEqual([]);
      expect(averages.totals).toEqual(completion(0, 0, null, null, null, 0));
      const variation = (await report(`estimated_hours_variation?milestone_id=${empty}`)).json().data;
      expect(variation).toMatchObject({
        tasks: [],
        members: [],
        totals: { expected_hours: 0, reported_hours: 0 },
      });
    });

    it('refuses a milestone of another project, a missing one and bad ids', async () => {
      const otherProject = (await owner('POST', '/api/projects', { name: 'Team B' })).json().data.id;
      const theirs = await milestone('Theirs', '2026-11-01', '2026-11-30', otherProject);
      for (const kind of ['average_task_completion', 'estimated_hours_variation']) {
        const cases: [string, number, string][] = [
          [`${kind}?milestone_id=${theirs}`, 404, 'NOT_FOUND'],
          [`${kind}?milestone_id=999999`, 404, 'NOT_FOUND'],
          [`${kind}?milestone_id=99999999999`, 422, 'VALIDATION_FAILED'],
          [`${kind}?milestone_id=0`, 422, 'VALIDATION_FAILED'],
          [`${kind}?milestone_id=all`, 422, 'VALIDATION_FAILED'],
          [kind, 422, 'VALIDATION_FAILED'],
        ];
        for (const [path, status, code] of cases) {
          const response = await report(path);
          expect([response.statusCode, response.json().code], path).toEqual([status, code]);
        }
      }
      const stranger = apiAs(t.app, await signIn(t.app, (await createUser(t.db)).email));
      expect((await report(`average_task_completion?milestone_id=${sprint}`, stranger)).statusCode).toBe(404);
    });
  });
});
