import { canSeeHourSignals } from '@teamboard/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { insertBackdatedTask } from '../../helpers/backdated-tasks.js';
import { commitRow, insertRepository } from '../../helpers/seed/code.js';

/**
 * Hour-log integrity questions (docs/api-hour-signals.md) on a hand-built team over 2026-11-01 … 11-28
 * (UTC): Bea types a week in at once (twice), Ciro logs weeks late, Dora logs hours on days she did
 * nothing else in the project, Hugo logs honestly — including the near misses of every threshold.
 */
describe.skipIf(!isDatabaseAvailable)('hour signals', () => {
  let t: TestApp;
  let owner: Api;
  let projectId: number;
  let taskIds: { login: number; report: number };
  let ids: Record<'owner' | 'bea' | 'ciro' | 'dora' | 'hugo' | 'vera', number>;
  const period = 'from=2026-11-01&to=2026-11-28';
  const stamp = (at: string) => ({ created_at: at, updated_at: at });
  const signalsOf = (data: { members: { name: string; signals: unknown[] }[] }, name: string) =>
    data.members.find((member) => member.name === name)?.signals;

  beforeEach(async () => {
    t = await buildTestApp();
    const person = async (name: string) =>
      (await createUser(t.db, { email: `${name.toLowerCase()}@uni.example`, name })).id;
    ids = {
      owner: await person('Olga'),
      bea: await person('Bea'),
      ciro: await person('Ciro'),
      dora: await person('Dora'),
      hugo: await person('Hugo'),
      vera: await person('Vera'),
    };
    owner = apiAs(t.app, await signIn(t.app, 'olga@uni.example'));
    projectId = (await owner('POST', '/api/projects', { name: 'Team H', is_private: true })).json().data.id;
    await t.db.updateTable('projects').set({ time_zone: 'UTC' }).where('id', '=', projectId).execute();
    for (const name of ['bea', 'ciro', 'dora', 'hugo', 'vera'] as const) {
      const api = apiAs(t.app, await signIn(t.app, `${name}@uni.example`));
      const role = name === 'vera' ? 'viewer' : 'member';
      await addMember(t.db, { projectId, userId: ids[name], role, folderId: await defaultFolderId(api) });
    }
    await seed();
  });
  afterEach(() => t?.close());

  async function seed() {
    const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    const column = (await owner('POST', `/api/boards/${board.id}/columns`, { name: 'C' })).json().data;
    const place = { columnId: column.id, boardId: board.id, projectId, createdBy: ids.owner };
    const task = (title: string) => insertBackdatedTask(t.db, place, { title });
    taskIds = { login: await task('Login form'), report: await task('Weekly report') };
    await seedHours();
    await seedActivity();
  }

  /** Hour rows straight into the table: the API cannot backdate created_at. */
  async function seedHours() {
    const hour = (
      userId: number,
      date: string,
      hours: number,
      createdAt: string,
      taskId = taskIds.login,
    ) => ({
      task_id: taskId,
      project_id: projectId,
      user_id: userId,
      hours,
      date,
      ...stamp(createdAt),
    });
    await t.db
      .insertInto('hours')
      .values([
        // Bea, batch 1: six 1.5 h entries for five days, typed in 50 minutes (6 entries ≥ 5).
        hour(ids.bea, '2026-11-02', 1.5, '2026-11-09T20:00:00.000Z'),
        hour(ids.bea, '2026-11-03', 1.5, '2026-11-09T20:10:00.000Z'),
        hour(ids.bea, '2026-11-04', 1.5, '2026-11-09T20:20:00.000Z', taskIds.report),
        hour(ids.bea, '2026-11-05', 1.5, '2026-11-09T20:30:00.000Z'),
        hour(ids.bea, '2026-11-05', 1.5, '2026-11-09T20:40:00.000Z'),
        hour(ids.bea, '2026-11-06', 1.5, '2026-11-09T20:50:00.000Z'),
        // Bea, batch 2: three 4 h entries for three days, each within an hour of the previous (12 h ≥ 10);
        // she committed on each of those days, so none is a quiet day.
        hour(ids.bea, '2026-11-17', 4, '2026-11-20T10:00:00.000Z'),
        hour(ids.bea, '2026-11-18', 4, '2026-11-20T10:30:00.000Z'),
        hour(ids.bea, '2026-11-19', 4, '2026-11-20T11:30:00.000Z'),
        // 61 minutes later: a new batch of one.
        hour(ids.bea, '2026-11-20', 1, '2026-11-20T12:31:00.000Z'),
        // Ciro: 15 and 20 days late are questions, 14 days late is not.
        hour(ids.ciro, '2026-11-01', 1, '2026-11-16T09:00:00.000Z'),
        hour(ids.ciro, '2026-11-02', 1, '2026-11-16T09:05:00.000Z'),
        hour(ids.ciro, '2026-11-05', 1.5, '2026-11-25T10:00:00.000Z', taskIds.report),
        // Outside the period (by date worked): not looked at.
        hour(ids.ciro, '2026-10-30', 1, '2026-11-25T10:05:00.000Z'),
        // Dora: quiet on 11-10 (3 h) and 11-20 (2 + 2.5 h); active on 11-11 and 11-12; 1.5 h is too small.
        hour(ids.dora, '2026-11-10', 3, '2026-11-10T18:00:00.000Z'),
        hour(ids.dora, '2026-11-11', 2, '2026-11-11T18:00:00.000Z'),
        hour(ids.dora, '2026-11-12', 2, '2026-11-12T18:00:00.000Z'),
        hour(ids.dora, '2026-11-13', 1.5, '2026-11-13T18:00:00.000Z'),
        hour(ids.dora, '2026-11-20', 2, '2026-11-20T18:00:00.000Z'),
        hour(ids.dora, '2026-11-20', 2.5, '2026-11-20T18:20:00.000Z', taskIds.report),
        // Hugo: four 2.25 h entries for four days in 30 minutes (4 entries, 9 h: not a bulk), each day active.
        hour(ids.hugo, '2026-11-21', 2.25, '2026-11-24T17:00:00.000Z'),
        hour(ids.hugo, '2026-11-22', 2.25, '2026-11-24T17:10:00.000Z'),
        hour(ids.hugo, '2026-11-23', 2.25, '2026-11-24T17:20:00.000Z'),
        hour(ids.hugo, '2026-11-24', 2.25, '2026-11-24T17:30:00.000Z'),
      ])
      .execute();
  }

  async function seedActivity() {
    const repository = await insertRepository(t.db, {
      projectId,
      createdBy: ids.owner,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const commit = (sha: string, at: string, userId: number | null) =>
      commitRow(repository.id, sha, at, userId);
    await t.db
      .insertInto('commits')
      .values([
        commit('b17', '2026-11-17T09:00:00.000Z', ids.bea),
        commit('b18', '2026-11-18T09:00:00.000Z', ids.bea),
        commit('b19', '2026-11-19T23:59:00.000Z', ids.bea),
        commit('x10', '2026-11-10T09:00:00.000Z', null), // an author who maps to nobody
      ])
      .execute();
    const comment = (userId: number, at: string) => ({
      task_id: taskIds.login,
      user_id: userId,
      text: 'x',
      ...stamp(at),
    });
    await t.db
      .insertInto('comments')
      .values([
        comment(ids.dora, '2026-11-11T08:00:00.000Z'),
        comment(ids.dora, '2026-11-19T23:59:00.000Z'), // the day before a quiet day
        comment(ids.owner, '2026-11-10T09:00:00.000Z'), // someone else's activity does not count
        ...['21', '22', '23', '24'].map((day) => comment(ids.hugo, `2026-11-${day}T12:00:00.000Z`)),
      ])
      .execute();
    await t.db
      .insertInto('task_logs')
      .values({
        task_id: taskIds.report,
        user_id: ids.dora,
        user_name: 'Dora',
        field: 'moved',
        old_value: 'To do',
        new_value: 'Doing',
        created_at: '2026-11-12T23:30:00.000Z',
      })
      .execute();
  }

  it('asks exactly the questions of each rule, with the entries behind each', async () => {
    const response = await owner('GET', `/api/projects/${projectId}/hour_signals?${period}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect([data.from, data.to, data.time_zone]).toEqual(['2026-11-01', '2026-11-28', 'UTC']);
    expect(data.members.map((m: { name: string; entry_count: number }) => [m.name, m.entry_count])).toEqual([
      ['Bea', 10],
      ['Ciro', 3],
      ['Dora', 6],
      ['Hugo', 4],
      ['Olga', 0],
      // Vera views the project: a viewer is not one of the people who do its work (issue 44.3).
    ]);
    const entry = (date: string, hours: number, createdAt: string, daysLate: number, report = false) =>
      expect.objectContaining({
        task_id: report ? taskIds.report : taskIds.login,
        task_title: report ? 'Weekly report' : 'Login form',
        date,
        hours,
        created_at: createdAt,
        days_late: daysLate,
      });
    expect(signalsOf(data, 'Bea')).toEqual([
      {
        kind: 'bulk_after_the_fact',
        created_from: '2026-11-09T20:00:00.000Z',
        created_to: '2026-11-09T20:50:00.000Z',
        minutes: 50,
        day_count: 5,
        total_hours: 9,
        entries: [
          entry('2026-11-02', 1.5, '2026-11-09T20:00:00.000Z', 7),
          entry('2026-11-03', 1.5, '2026-11-09T20:10:00.000Z', 6),
          entry('2026-11-04', 1.5, '2026-11-09T20:20:00.000Z', 5, true),
          entry('2026-11-05', 1.5, '2026-11-09T20:30:00.000Z', 4),
          entry('2026-11-05', 1.5, '2026-11-09T20:40:00.000Z', 4),
          entry('2026-11-06', 1.5, '2026-11-09T20:50:00.000Z', 3),
        ],
      },
      {
        kind: 'bulk_after_the_fact',
        created_from: '2026-11-20T10:00:00.000Z',
        created_to: '2026-11-20T11:30:00.000Z',
        minutes: 90,
        day_count: 3,
        total_hours: 12,
        entries: [
          entry('2026-11-17', 4, '2026-11-20T10:00:00.000Z', 3),
          entry('2026-11-18', 4, '2026-11-20T10:30:00.000Z', 2),
          entry('2026-11-19', 4, '2026-11-20T11:30:00.000Z', 1),
        ],
      },
    ]);
    expect(signalsOf(data, 'Ciro')).toEqual([
      {
        kind: 'far_in_the_past',
        max_days_late: 20,
        total_hours: 2.5,
        entries: [
          entry('2026-11-01', 1, '2026-11-16T09:00:00.000Z', 15),
          entry('2026-11-05', 1.5, '2026-11-25T10:00:00.000Z', 20, true),
        ],
      },
    ]);
    expect(signalsOf(data, 'Dora')).toEqual([
      {
        kind: 'quiet_day',
        date: '2026-11-10',
        total_hours: 3,
        entries: [entry('2026-11-10', 3, '2026-11-10T18:00:00.000Z', 0)],
      },
      {
        kind: 'quiet_day',
        date: '2026-11-20',
        total_hours: 4.5,
        entries: [
          entry('2026-11-20', 2, '2026-11-20T18:00:00.000Z', 0),
          entry('2026-11-20', 2.5, '2026-11-20T18:20:00.000Z', 0, true),
        ],
      },
    ]);
    for (const name of ['Hugo', 'Olga']) expect(signalsOf(data, name)).toEqual([]);
    const ids = data.members.flatMap((m: { signals: { entries: { id: number }[] }[] }) =>
      m.signals.flatMap((s) => s.entries.map((e) => e.id)),
    );
    const stored = await t.db.selectFrom('hours').select('id').where('id', 'in', ids).execute();
    expect(stored).toHaveLength(ids.length);
  });

  it('reads the last 28 days up to today in the project time zone by default', async () => {
    const data = (await owner('GET', `/api/projects/${projectId}/hour_signals`)).json().data;
    expect([data.from, data.to]).toEqual(['2026-10-26', '2026-11-22']);
    // Periods are by date worked: Ciro's 2026-10-30 entry (26 days late) joins his two late ones.
    expect(signalsOf(data, 'Ciro')).toEqual([
      expect.objectContaining({ kind: 'far_in_the_past', max_days_late: 26, total_hours: 3.5 }),
    ]);
  });

  it('refuses members and viewers with 403, and a range that ends before it starts', async () => {
    for (const name of ['bea', 'vera']) {
      const api = apiAs(t.app, await signIn(t.app, `${name}@uni.example`));
      const response = await api('GET', `/api/projects/${projectId}/hour_signals?${period}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const reversed = await owner(
      'GET',
      `/api/projects/${projectId}/hour_signals?from=2026-11-28&to=2026-11-01`,
    );
    expect(reversed.statusCode).toBe(422);
  });

  it('shows a teacher the questions of a public project, not of a private one', async () => {
    const teacherId = (await createUser(t.db, { email: 'tess@uni.example', name: 'Tess' })).id;
    await setAccount(t.db, teacherId, { account_type: 'teacher' });
    const teacher = apiAs(t.app, await signIn(t.app, 'tess@uni.example'));
    const url = `/api/projects/${projectId}/hour_signals?${period}`;
    expect((await teacher('GET', url)).statusCode).toBe(404);
    await t.db.updateTable('projects').set({ is_private: 0 }).where('id', '=', projectId).execute();
    const response = await teacher('GET', url);
    expect(response.statusCode).toBe(200);
    expect(signalsOf(response.json().data, 'Bea')).toHaveLength(2);
    // Read-only all the same: the course overview never lets staff write.
    expect((await teacher('POST', `/api/projects/${projectId}/boards`, { name: 'X' })).statusCode).toBe(403);
  });

  it('offers the page (canSeeHourSignals) to the same people the server admits', () => {
    expect(canSeeHourSignals('owner', 'user')).toBe(true);
    expect(canSeeHourSignals('member', 'teacher')).toBe(false);
    expect(canSeeHourSignals('viewer', 'admin')).toBe(false);
    // role null: a teacher or admin reading a public project they are not a member of.
    expect(canSeeHourSignals(null, 'teacher')).toBe(true);
    expect(canSeeHourSignals(null, 'admin')).toBe(true);
    expect(canSeeHourSignals(null, 'user')).toBe(false);
    expect(canSeeHourSignals(undefined, 'teacher')).toBe(false);
  });
});
