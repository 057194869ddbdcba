import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evidencePeriod } from '../../../src/features/evaluations/evaluation-evidence.js';
import { DAY_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { insertBackdatedTask } from '../../helpers/backdated-tasks.js';
import { commitRow, insertRepository } from '../../helpers/seed/code.js';
import { standupRow } from '../../helpers/seed/standups.js';

/**
 * Evidence beside peer ratings (docs/api-evaluations.md, "Evidence"). A team in UTC whose first peer
 * evaluation ran 11-01 … 11-07, so the second one (sent today, 2026-11-22, due 11-29) covers 11-08
 * through today: Hugo the hero, Fred the free-rider, Sara who shares her tasks (half credit each).
 * Exact numbers, the period's rules, and who may read it.
 */
describe.skipIf(!isDatabaseAvailable)('evaluation evidence', () => {
  let t: TestApp;
  let projectId: number;
  let repositoryId: number;
  const ids = {} as Record<'ana' | 'hugo' | 'fred' | 'sara' | 'nico' | 'vera', number>;
  const as = {} as Record<'ana' | 'hugo' | 'fred' | 'nico' | 'vera' | 'teacher' | 'outsider', Api>;
  const stamp = (at: string) => ({ created_at: at, updated_at: at });

  async function person(key: string, name: string) {
    const user = await createUser(t.db, { email: `${key}@uni.example`, name });
    return { id: user.id, api: apiAs(t.app, await signIn(t.app, `${key}@uni.example`)) };
  }

  beforeEach(async () => {
    t = await buildTestApp();
    const ana = await person('ana', 'Ana');
    [ids.ana, as.ana] = [ana.id, ana.api];
    projectId = (await as.ana('POST', '/api/projects', { name: 'Team E', is_private: false })).json().data.id;
    await t.db
      .updateTable('projects')
      .set({ time_zone: 'UTC', created_at: '2026-10-12T08:00:00.000Z' })
      .where('id', '=', projectId)
      .execute();
    for (const [key, name, role] of [
      ['hugo', 'Hugo', 'member'],
      ['fred', 'Fred', 'member'],
      ['sara', 'Sara', 'member'],
      ['nico', 'Nico', 'member'],
      ['vera', 'Vera', 'viewer'],
    ] as const) {
      const p = await person(key, name);
      ids[key] = p.id;
      if (key !== 'sara') as[key] = p.api;
      await addMember(t.db, { projectId, userId: p.id, role, folderId: await defaultFolderId(p.api) });
    }
    const teacher = await person('teacher', 'Teacher');
    await setAccount(t.db, teacher.id, { account_type: 'teacher' });
    as.teacher = teacher.api;
    as.outsider = (await person('olga', 'Olga')).api;
    await seedWork();
  });
  afterEach(() => t?.close());

  async function seedWork() {
    const board = (await as.ana('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    const column = (await as.ana('POST', `/api/boards/${board.id}/columns`, { name: 'C' })).json().data;
    const place = { columnId: column.id, boardId: board.id, projectId, createdBy: ids.ana };
    const created = '2026-10-20T10:00:00.000Z';
    const task = (completedAt: string | null, assignees: number[]) =>
      insertBackdatedTask(t.db, place, { title: 'T', completedAt, assignees, updatedAt: created });
    for (const day of ['09', '12', '21']) await task(`2026-11-${day}T12:00:00.000Z`, [ids.hugo]);
    await task('2026-11-07T23:59:59.000Z', [ids.hugo]); // the previous evaluation's period
    await task('2026-11-15T12:00:00.000Z', [ids.hugo, ids.sara]); // half each
    await task('2026-11-16T12:00:00.000Z', [ids.sara, ids.nico]); // half each
    await task('2026-11-17T12:00:00.000Z', [ids.sara, ids.vera]); // a viewer is no contributor: Sara's whole
    const open = await task(null, [ids.fred]);
    const hour = (userId: number, date: string, hours: number) => ({
      task_id: open,
      project_id: projectId,
      user_id: userId,
      hours,
      date,
      ...stamp(`${date}T18:00:00.000Z`),
    });
    await t.db
      .insertInto('hours')
      .values([
        hour(ids.hugo, '2026-11-10', 10),
        hour(ids.hugo, '2026-11-20', 6.5),
        hour(ids.fred, '2026-11-05', 8), // before the period
        hour(ids.fred, '2026-11-18', 2),
        hour(ids.sara, '2026-11-11', 4),
        hour(ids.sara, '2026-11-19', 3.25),
        hour(ids.sara, '2026-11-24', 1), // after today: counted once the period reaches it
      ])
      .execute();
    const standup = (userId: number, day: string) => standupRow(projectId, userId, day);
    await t.db
      .insertInto('standups')
      .values([
        ...['10', '12', '14', '17', '19'].map((day) => standup(ids.hugo, `2026-11-${day}`)),
        ...['11', '18', '20'].map((day) => standup(ids.sara, `2026-11-${day}`)),
        standup(ids.fred, '2026-11-03'), // before the period
      ])
      .execute();
    repositoryId = (
      await insertRepository(t.db, { projectId, createdBy: ids.ana, createdAt: '2026-11-01T00:00:00.000Z' })
    ).id;
    const commit = (sha: string, at: string, userId: number | null) =>
      commitRow(repositoryId, sha, at, userId);
    await t.db
      .insertInto('commits')
      .values([
        ...['09', '13', '16', '22'].map((day) => commit(`h${day}`, `2026-11-${day}T09:00:00.000Z`, ids.hugo)),
        commit('h05', '2026-11-05T10:00:00.000Z', ids.hugo), // before the period
        commit('s1', '2026-11-14T10:00:00.000Z', ids.sara),
        commit('s2', '2026-11-21T23:30:00.000Z', ids.sara),
        commit('x1', '2026-11-14T11:00:00.000Z', null), // an author who is no member
      ])
      .execute();
  }

  const TEAM = {
    title: 'Sprint peer review',
    description: 'Rate each teammate.',
    type: 'team',
    questions: [{ kind: 'scale', text: 'Delivery' }],
  };

  async function evaluation(body: object, send = true): Promise<number> {
    const created = await as.ana('POST', `/api/projects/${projectId}/evaluations`, {
      ...TEAM,
      member_ids: [ids.hugo, ids.fred, ids.sara],
      ...body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    if (send) expect((await as.ana('POST', `/api/evaluations/${id}/send`)).statusCode).toBe(200);
    return id;
  }

  /** The first peer evaluation (11-01 … 11-07) and the current one (today … 11-29). */
  async function sprints() {
    await evaluation({ title: 'Sprint 1', initial_date: '2026-11-01', deadline: '2026-11-07' });
    return evaluation({ title: 'Sprint 2', initial_date: '2026-11-22', deadline: '2026-11-29' });
  }

  const evidence = (api: Api, id: number) => api('GET', `/api/evaluations/${id}/evidence`);

  const HUGO = { name: 'Hugo', hours: 16.5, tasks_closed: 3.5, commits: 4, standups: 5 };
  const FRED = { name: 'Fred', hours: 2, tasks_closed: 0, commits: 0, standups: 0 };
  const SARA = { name: 'Sara', hours: 7.25, tasks_closed: 2, commits: 2, standups: 3 };

  it('gives a selected member the facts of the people they rate, since the previous evaluation', async () => {
    const id = await sprints();
    const response = await evidence(as.hugo, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      evaluation_id: id,
      from: '2026-11-08',
      to: '2026-11-22',
      time_zone: 'UTC',
      starts_at: 'previous_evaluation',
      is_final: false,
      members: [
        { user_id: ids.fred, ...FRED },
        { user_id: ids.sara, ...SARA },
      ],
    });
    const fred = (await evidence(as.fred, id)).json().data.members;
    expect(fred).toEqual([
      { user_id: ids.hugo, ...HUGO },
      { user_id: ids.sara, ...SARA },
    ]);
  });

  it('gives owners and teaching staff every selected member, with the same numbers as the fairness page', async () => {
    const id = await sprints();
    const all = [
      { user_id: ids.fred, ...FRED },
      { user_id: ids.hugo, ...HUGO },
      { user_id: ids.sara, ...SARA },
    ];
    expect((await evidence(as.ana, id)).json().data.members).toEqual(all);
    expect((await evidence(as.teacher, id)).json().data.members).toEqual(all);
    const fairness = (
      await as.ana('GET', `/api/projects/${projectId}/fairness?from=2026-11-08&to=2026-11-22`)
    ).json().data;
    for (const { user_id, name: _name, ...facts } of all) {
      const row = fairness.members.find((m: { user_id: number }) => m.user_id === user_id);
      const { hours, tasks_closed, commits, standups } = row;
      expect({ hours, tasks_closed, commits, standups }).toEqual(facts);
    }
  });

  it('runs through the deadline: later days count, and after it the facts are final', async () => {
    const id = await sprints();
    t.clock.advance(10 * DAY_MS); // 2026-12-02, after the deadline
    const data = (await evidence(as.hugo, id)).json().data;
    expect(data).toMatchObject({ from: '2026-11-08', to: '2026-11-29', is_final: true });
    expect(data.members[1]).toEqual({ user_id: ids.sara, ...SARA, hours: 8.25 });
  });

  it('ends on the day an owner closed it', async () => {
    const id = await sprints();
    t.clock.advance(DAY_MS); // 11-23
    expect((await as.ana('POST', `/api/evaluations/${id}/close`)).statusCode).toBe(200);
    t.clock.advance(5 * DAY_MS);
    expect((await evidence(as.hugo, id)).json().data).toMatchObject({ to: '2026-11-23', is_final: true });
  });

  it('starts on the project’s first day when no team evaluation came before', async () => {
    // A project evaluation and an overlapping team one are not "previous"; a draft is not either.
    await evaluation({ type: 'project', initial_date: '2026-11-01', deadline: '2026-11-07' });
    await evaluation({ title: 'Overlap', initial_date: '2026-11-20', deadline: '2026-11-25' });
    await evaluation({ title: 'Draft', initial_date: '2026-11-01', deadline: '2026-11-07' }, false);
    const id = await evaluation({ initial_date: '2026-11-22', deadline: '2026-11-29' });
    const data = (await evidence(as.hugo, id)).json().data;
    expect(data).toMatchObject({ from: '2026-10-12', to: '2026-11-22', starts_at: 'project_start' });
    // The task of 11-07 and the hours, stand-up and commit of early November count now.
    expect(data.members).toEqual([
      { user_id: ids.fred, ...FRED, hours: 10, standups: 1 },
      { user_id: ids.sara, ...SARA },
    ]);
    const hugo = (await evidence(as.fred, id)).json().data.members[0];
    expect(hugo).toEqual({ user_id: ids.hugo, ...HUGO, tasks_closed: 4.5, commits: 5 });
  });

  it('says commits are not available (null), not zero, without a linked repository', async () => {
    const id = await sprints();
    await t.db.deleteFrom('commits').execute();
    await t.db.deleteFrom('repositories').execute();
    const members = (await evidence(as.hugo, id)).json().data.members;
    expect(members.map((m: { commits: number | null }) => m.commits)).toEqual([null, null]);
  });

  it('lists nobody for a project evaluation', async () => {
    const id = await evaluation({ type: 'project', initial_date: '2026-11-22', deadline: '2026-11-29' });
    expect((await evidence(as.hugo, id)).json().data.members).toEqual([]);
  });

  it('answers like the evaluation: 404 to members not selected, outsiders and on a draft; 401 signed out', async () => {
    const id = await sprints();
    const draft = await evaluation(
      { title: 'Draft', initial_date: '2026-11-22', deadline: '2026-11-29' },
      false,
    );
    for (const api of [as.nico, as.vera, as.outsider]) {
      expect((await evidence(api, id)).statusCode).toBe(404);
      expect((await api('GET', `/api/evaluations/${id}`)).statusCode).toBe(404);
    }
    expect((await evidence(as.hugo, draft)).statusCode).toBe(404);
    expect((await evidence(as.ana, draft)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/evaluations/${id}/evidence` })).statusCode).toBe(
      401,
    );
    await t.db.updateTable('projects').set({ is_private: 1 }).where('id', '=', projectId).execute();
    expect((await evidence(as.teacher, id)).statusCode).toBe(404);
    const missing = await evidence(as.ana, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('gives a selected viewer the facts of the people they rate', async () => {
    const id = await evaluation({
      member_ids: [ids.vera, ids.hugo],
      initial_date: '2026-11-22',
      deadline: '2026-11-29',
    });
    const members = (await evidence(as.vera, id)).json().data.members;
    expect(members.map((m: { name: string }) => m.name)).toEqual(['Hugo']);
  });
});

describe('the evidence period', () => {
  const row = (deadline: string, closed_at: string | null = null) => ({ deadline, closed_at });
  const period = (input: Partial<Parameters<typeof evidencePeriod>[0]>) =>
    evidencePeriod({
      row: row('2026-11-29'),
      previous: [],
      projectStart: '2026-10-12',
      today: '2026-11-22',
      timeZone: 'UTC',
      ...input,
    });

  it('starts the day after the latest previous period and ends today while open', () => {
    expect(period({ previous: [row('2026-11-07'), row('2026-11-14')] })).toEqual({
      fromDay: '2026-11-15',
      toDay: '2026-11-22',
      startsAt: 'previous_evaluation',
      isFinal: false,
    });
  });

  it('reads a previous one closed early as ending on its closing day, in the project time zone', () => {
    // 2026-11-10T23:30Z is already the 11th in Madrid.
    const previous = [row('2026-11-14', '2026-11-10T23:30:00.000Z')];
    expect(period({ previous, timeZone: 'Europe/Madrid' }).fromDay).toBe('2026-11-12');
    expect(period({ previous }).fromDay).toBe('2026-11-11');
  });

  it('is never empty: before a later previous period ends, it is one day', () => {
    expect(period({ previous: [row('2026-11-25')] })).toMatchObject({
      fromDay: '2026-11-22',
      toDay: '2026-11-22',
    });
  });

  it('is final once the last day is past', () => {
    expect(period({ today: '2026-11-30' })).toMatchObject({ toDay: '2026-11-29', isFinal: true });
    expect(period({ today: '2026-11-29' })).toMatchObject({ toDay: '2026-11-29', isFinal: false });
  });
});
