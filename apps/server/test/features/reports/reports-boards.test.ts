import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { signIn } from '../../helpers/factories.js';
import { apiAs, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { seedTeamA } from '../../helpers/seed/team.js';

/**
 * The board reports against hand-computed fixtures, on both databases: workload per member (a
 * task shared by two, an unassigned one, a completed one, one completed then reopened, an archived
 * one, a member who left, deadlines on the range's edges, "today" in the project's time zone) and
 * task progress per day and column (moves read from the task log, a renamed and a deleted column,
 * a deleted task, day boundaries in Bogotá).
 */
describe.skipIf(!isDatabaseAvailable)('board reports', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let leaver: Api;
  let projectId: number;
  let ids: Record<'ana' | 'beto' | 'carla', number>;

  beforeEach(async () => {
    t = await buildTestApp();
    ({ ids, owner, member, leaver, projectId } = await seedTeamA(t));
  });
  afterEach(() => t?.close());

  const report = (path: string, api: Api = owner) => api('GET', `/api/projects/${projectId}/reports/${path}`);
  const setTimeZone = (zone: string) =>
    t.db.updateTable('projects').set({ time_zone: zone }).where('id', '=', projectId).execute();

  async function board(name: string, columns: string[]) {
    const id: number = (await owner('POST', `/api/projects/${projectId}/boards`, { name })).json().data.id;
    const columnIds: number[] = [];
    for (const column of columns) {
      columnIds.push((await owner('POST', `/api/boards/${id}/columns`, { name: column })).json().data.id);
    }
    return { id, columns: columnIds };
  }
  async function task(columnId: number, title: string, changes: Record<string, unknown> = {}) {
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

  describe('workload', () => {
    let boards: { b1: number; b2: number; other: number };
    let tasks: Record<'shared' | 'edge', number>;

    /** Today is 2026-11-22 (the test clock, 10:00 UTC); the range is Nov 20 – 26. */
    beforeEach(async () => {
      await setTimeZone('UTC');
      const b1 = await board('B1', ['Todo']);
      const b2 = await board('B2', ['X']);
      const todo = b1.columns[0]!;
      tasks = {
        // Due on the range's second day, overdue; its 3 hours split between Ana and Beto.
        shared: await task(todo, 'Shared', {
          assigned: [ids.ana, ids.beto],
          expected_hours: 3,
          deadline: '2026-11-21',
        }),
        // Due on the range's last day: not overdue.
        edge: await task(todo, 'Edge', { assigned: [ids.ana], expected_hours: 2, deadline: '2026-11-26' }),
      };
      // Nobody's: due before the range, overdue.
      await task(todo, 'Nobody', { expected_hours: 1.5, deadline: '2026-11-19' });
      await task(todo, 'Done', {
        assigned: [ids.beto],
        expected_hours: 5,
        deadline: '2026-11-21',
        completed: true,
      });
      const reopened = await task(todo, 'Reopened', { assigned: [ids.beto], deadline: '2026-11-27' });
      await update(reopened, { completed: true });
      await update(reopened, { completed: false });
      await task(todo, 'Archived', {
        assigned: [ids.ana],
        expected_hours: 8,
        deadline: '2026-11-21',
        is_archived: true,
      });
      const carlas = await task(b2.columns[0]!, 'Carla’s', { assigned: [ids.carla], expected_hours: 4 });

      await log(owner, tasks.shared, '2026-11-20', 2); // the range's first day
      await log(owner, tasks.shared, '2026-11-19', 5); // the day before: out
      await log(member, carlas, '2026-11-26', 1); // the last day, on board B2
      await log(member, carlas, '2026-11-27', 1); // the day after: out
      await log(leaver, carlas, '2026-11-25', 0.5);
      await t.db
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', '=', ids.carla)
        .execute();
      const otherProject = (await owner('POST', '/api/projects', { name: 'Team B' })).json().data.id;
      const other = (await owner('POST', `/api/projects/${otherProject}/boards`, { name: 'Theirs' })).json()
        .data;
      boards = { b1: b1.id, b2: b2.id, other: other.id };
    });

    const numbers = (open: number, due: number, overdue: number, expected: number, reported: number) => ({
      open_tasks: open,
      due_in_range: due,
      overdue,
      expected_hours: expected,
      reported_hours: reported,
    });

    it('counts open, due and overdue tasks, split expected hours and reported hours per member', async () => {
      const all = (await report('workload?start_date=2026-11-20&end_date=2026-11-26', member)).json().data;
      expect(all).toMatchObject({
        start_date: '2026-11-20',
        end_date: '2026-11-26',
        today: '2026-11-22',
        board_id: null,
      });
      expect(all.rows).toEqual([
        { user_id: ids.ana, name: 'Ana', is_member: true, ...numbers(2, 2, 1, 3.5, 2) },
        { user_id: ids.beto, name: 'Beto', is_member: true, ...numbers(2, 1, 1, 1.5, 1) },
        { user_id: ids.carla, name: 'Carla', is_member: false, ...numbers(1, 0, 0, 4, 0.5) },
        { user_id: null, name: '', is_member: false, ...numbers(1, 0, 1, 1.5, 0) },
      ]);
      // Each task once: Shared, Edge, Nobody, Reopened, Carla's.
      expect(all.totals).toEqual(numbers(5, 2, 2, 10.5, 3.5));

      const b1 = (
        await report(`workload?start_date=2026-11-20&end_date=2026-11-26&board_id=${boards.b1}`)
      ).json().data;
      expect(b1.board_id).toBe(boards.b1);
      expect(b1.rows).toEqual([
        { user_id: ids.ana, name: 'Ana', is_member: true, ...numbers(2, 2, 1, 3.5, 2) },
        { user_id: ids.beto, name: 'Beto', is_member: true, ...numbers(2, 1, 1, 1.5, 0) },
        { user_id: null, name: '', is_member: false, ...numbers(1, 0, 1, 1.5, 0) },
      ]);
      expect(b1.totals).toEqual(numbers(4, 2, 2, 6.5, 2));

      // A range with no deadline and no hours: the open tasks stay, nothing is due or reported.
      const empty = (await report('workload?start_date=2027-01-01&end_date=2027-01-07')).json().data;
      expect(empty.totals).toEqual(numbers(5, 0, 2, 10.5, 0));
    });

    it("measures overdue against today in the project's time zone", async () => {
      await update(tasks.edge, { deadline: '2026-11-22' });
      t.clock.advance(15 * 3_600_000); // 2026-11-23 01:00 UTC = Nov 22, 20:00 in Bogotá
      const ana = async () =>
        (await report('workload?start_date=2026-11-20&end_date=2026-11-26')).json().data as {
          today: string;
          rows: { user_id: number | null; overdue: number }[];
        };
      const utc = await ana();
      expect(utc.today).toBe('2026-11-23');
      expect(utc.rows.find((row) => row.user_id === ids.ana)!.overdue).toBe(2);
      await setTimeZone('America/Bogota');
      const bogota = await ana();
      expect(bogota.today).toBe('2026-11-22');
      expect(bogota.rows.find((row) => row.user_id === ids.ana)!.overdue).toBe(1);
    });

    it('refuses a board of another project, bad ids and bad ranges', async () => {
      const cases: [string, number, string][] = [
        [`workload?start_date=2026-11-20&end_date=2026-11-26&board_id=${boards.other}`, 404, 'NOT_FOUND'],
        ['workload?start_date=2026-11-20&end_date=2026-11-26&board_id=99999999999', 422, 'VALIDATION_FAILED'],
        ['workload?start_date=2026-11-20&end_date=2026-11-26&board_id=all', 422, 'VALIDATION_FAILED'],
        ['workload?start_date=2026-11-26&end_date=2026-11-20', 422, 'RANGE_NOT_VALID'],
        ['workload?start_date=2019-01-01&end_date=2026-01-01', 422, 'RANGE_TOO_LONG'],
      ];
      for (const [path, status, code] of cases) {
        const response = await report(path);
        expect([response.statusCode, response.json().code], path).toEqual([status, code]);
      }
    });
  });

  describe('task progress', () => {
    let boardId: number;
    let columns: Record<'todo' | 'doing' | 'done' | 'review', number>;

    const setCreated = (taskId: number, at: string) =>
      t.db.updateTable('tasks').set({ created_at: at }).where('id', '=', taskId).execute();
    /** Moves a task through `steps` (column, instant), then dates each move's log entry. */
    async function moves(taskId: number, steps: [number, string][]) {
      for (const [columnId] of steps) {
        const response = await owner('POST', `/api/tasks/${taskId}/move`, { column_id: columnId });
        expect(response.statusCode, response.body).toBe(200);
      }
      const logs = await t.db
        .selectFrom('task_logs')
        .select('id')
        .where('task_id', '=', taskId)
        .where('field', '=', 'moved')
        .orderBy('id')
        .execute();
      for (const [index, row] of logs.entries()) {
        await t.db
          .updateTable('task_logs')
          .set({ created_at: steps[index]![1] })
          .where('id', '=', row.id)
          .execute();
      }
    }
    async function placed(columnId: number, title: string, createdAt: string) {
      const id = await task(columnId, title);
      await setCreated(id, createdAt);
      return id;
    }

    /**
     * In Bogotá (UTC−5), the range Nov 20 – 24 runs from 2026-11-20T05:00Z to 2026-11-25T05:00Z.
     * Columns now: Todo, Doing (named "In progress" until G moved in), Done; Review was deleted.
     */
    beforeEach(async () => {
      await setTimeZone('America/Bogota');
      const made = await board('Flow', ['Todo', 'In progress', 'Done', 'Review']);
      boardId = made.id;
      const [todo, doing, done, review] = made.columns as [number, number, number, number];
      columns = { todo, doing, done, review };

      const g = await placed(todo, 'G', '2026-11-19T00:00:00.000Z');
      await moves(g, [[doing, '2026-11-20T15:00:00.000Z']]); // logged as "In progress"
      expect((await owner('PUT', `/api/columns/${doing}`, { name: 'Doing' })).statusCode).toBe(200);

      const f = await placed(review, 'F', '2026-11-19T00:00:00.000Z');
      await moves(f, [[done, '2026-11-22T12:00:00.000Z']]);
      expect((await owner('DELETE', `/api/columns/${review}`)).statusCode).toBe(204);

      const a = await placed(todo, 'A', '2026-11-19T12:00:00.000Z');
      await moves(a, [
        [doing, '2026-11-21T03:00:00.000Z'], // Nov 20, 22:00 in Bogotá
        [done, '2026-11-23T12:00:00.000Z'],
      ]);
      const b = await placed(todo, 'B', '2026-11-21T12:00:00.000Z');
      await update(b, { completed: true }); // completion is not a move
      await update(b, { completed: false });
      const c = await placed(todo, 'C', '2026-11-20T05:00:00.000Z'); // the range's first instant
      await moves(c, [
        [doing, '2026-11-22T04:59:59.999Z'], // Nov 21's last millisecond in Bogotá
        [todo, '2026-11-24T10:00:00.000Z'],
      ]);
      await placed(todo, 'D', '2026-11-25T04:00:00.000Z'); // Nov 24, 23:00 in Bogotá: in
      await placed(todo, 'E', '2026-11-25T05:00:00.000Z'); // Nov 25 in Bogotá: out
      const deleted = await placed(todo, 'Deleted', '2026-11-19T00:00:00.000Z');
      expect((await owner('DELETE', `/api/tasks/${deleted}`)).statusCode).toBe(204);
    });

    it('counts the tasks in each column at the end of each day, moves and renames included', async () => {
      const data = (
        await report(`task_progress?start_date=2026-11-20&end_date=2026-11-24&board_id=${boardId}`, member)
      ).json().data;
      expect(data.columns).toEqual([
        { column_id: columns.todo, name: 'Todo' },
        { column_id: columns.doing, name: 'Doing' },
        { column_id: columns.done, name: 'Done' },
        { column_id: null, name: '' },
      ]);
      // Todo, Doing, Done, Other ("Review", deleted).
      expect(data.days).toEqual([
        { day: '2026-11-20', counts: [1, 2, 0, 1] },
        { day: '2026-11-21', counts: [1, 3, 0, 1] },
        { day: '2026-11-22', counts: [1, 3, 1, 0] },
        { day: '2026-11-23', counts: [1, 2, 2, 0] },
        { day: '2026-11-24', counts: [3, 1, 2, 0] },
      ]);
    });

    it('starts from the balance before the range, and has no Other series when no day needs it', async () => {
      const later = (
        await report(`task_progress?start_date=2027-01-01&end_date=2027-01-02&board_id=${boardId}`)
      ).json().data;
      expect(later.columns.map((column: { name: string }) => column.name)).toEqual(['Todo', 'Doing', 'Done']);
      expect(later.days).toEqual([
        { day: '2027-01-01', counts: [4, 1, 2] },
        { day: '2027-01-02', counts: [4, 1, 2] },
      ]);
      const before = (
        await report(`task_progress?start_date=2026-11-01&end_date=2026-11-01&board_id=${boardId}`)
      ).json().data;
      expect(before.days).toEqual([{ day: '2026-11-01', counts: [0, 0, 0] }]);
    });

    it('requires a board of the project and at most a year, with localized messages', async () => {
      const es = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
      const otherProject = (await owner('POST', '/api/projects', { name: 'Team B' })).json().data.id;
      const other = (await owner('POST', `/api/projects/${otherProject}/boards`, { name: 'Theirs' })).json()
        .data;
      const cases: [string, number, string][] = [
        ['task_progress?start_date=2026-11-20&end_date=2026-11-24', 422, 'VALIDATION_FAILED'],
        [`task_progress?start_date=2026-11-20&end_date=2026-11-24&board_id=${other.id}`, 404, 'NOT_FOUND'],
        [
          `task_progress?start_date=2026-11-24&end_date=2026-11-20&board_id=${boardId}`,
          422,
          'RANGE_NOT_VALID',
        ],
        [
          `task_progress?start_date=2025-11-20&end_date=2026-11-21&board_id=${boardId}`,
          422,
          'RANGE_TOO_LONG_ONE_YEAR',
        ],
      ];
      for (const [path, status, code] of cases) {
        const response = await report(path);
        expect([response.statusCode, response.json().code], path).toEqual([status, code]);
      }
      // 366 days: allowed.
      const year = await report(
        `task_progress?start_date=2025-11-21&end_date=2026-11-21&board_id=${boardId}`,
      );
      expect(year.statusCode).toBe(200);
      expect(year.json().data.days).toHaveLength(366);
      const spanish = await es(
        'GET',
        `/api/projects/${projectId}/reports/task_progress?start_date=2025-11-20&end_date=2026-11-21&board_id=${boardId}`,
      );
      expect(spanish.json().errors).toEqual(['Este informe abarca como máximo 1 año.']);
    });
  });
});
