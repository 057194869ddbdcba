import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dueMilestones,
  MILESTONE_SNAPSHOTS_JOB,
  takeDueSnapshots,
  takeSnapshot,
} from '../../../src/features/milestone-snapshots/take-snapshots.js';
import { MINUTE_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { insertRepository } from '../../helpers/seed/code.js';

/**
 * Milestone snapshots (docs/api-milestone-snapshots.md) on both databases, in Bogotá (UTC−5): the
 * deadline day Nov 24 ends there at 2026-11-25T05:00Z. The clock starts at 2026-11-22T10:00Z.
 */
describe.skipIf(!isDatabaseAvailable)('milestone snapshots', () => {
  let t: TestApp;
  let second: TestApp | undefined;
  let ana: Api; // owner
  let beto: Api; // member
  let vera: Api; // viewer
  let otto: Api; // signed in, not in the project
  let teacher: Api;
  const ids = {} as Record<'ana' | 'beto' | 'vera', number>;
  let projectId: number;
  let milestoneId: number;
  let otherMilestoneId: number;
  let label: { id: number; name: string; color: string };
  let board: { main: number; docs: number };
  let column: { todo: number; done: number; ideas: number };
  let task: Record<'a' | 'b' | 'c' | 'd' | 'e', number>;

  async function created(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return (answer.json() as { data: Record<string, unknown> }).data;
  }
  async function update(taskId: number, changes: Record<string, unknown>, api: Api = ana) {
    const response = await api('PUT', `/api/tasks/${taskId}`, changes);
    expect(response.statusCode, response.body).toBe(200);
  }
  async function newTask(columnId: number, title: string, changes: Record<string, unknown> = {}) {
    const id = (await created(ana('POST', `/api/columns/${columnId}/tasks`, { title }))).id as number;
    if (Object.keys(changes).length > 0) await update(id, changes);
    return id;
  }
  async function logHours(api: Api, taskId: number, hours: number, date: string) {
    await created(api('POST', `/api/tasks/${taskId}/hours`, { hours, date }));
  }
  /** Moves the test clock (and the second instance's) forward to an instant. */
  function at(iso: string) {
    const ms = Date.parse(iso) - t.clock.now().getTime();
    expect(ms).toBeGreaterThanOrEqual(0);
    t.clock.advance(ms);
    second?.clock.advance(ms);
  }
  const deps = (app: TestApp = t) => ({ db: app.db, clock: app.clock, log: app.app.log });
  const rows = () =>
    t.db.selectFrom('milestone_snapshots').selectAll().orderBy('deadline').orderBy('id').execute();
  /** Plans the job, lets its quarter hour come and runs every due job. */
  async function runJob(app: TestApp = t) {
    await app.app.jobs.planSchedules(true);
    t.clock.advance(15 * MINUTE_MS);
    second?.clock.advance(15 * MINUTE_MS);
    return app.app.jobs.drain();
  }
  const list = (api: Api = ana, id = milestoneId) => api('GET', `/api/milestones/${id}/snapshots`);
  const read = (id: number, api: Api = ana) => api('GET', `/api/milestone_snapshots/${id}`);

  beforeEach(async () => {
    t = await buildTestApp();
    second = undefined;
    for (const [key, name] of [
      ['ana', 'Ana'],
      ['beto', 'Beto'],
      ['vera', 'Vera'],
    ] as const) {
      ids[key] = (await createUser(t.db, { email: `${key}@uni.example`, name })).id;
    }
    const ottoUser = await createUser(t.db, { email: 'otto@uni.example', name: 'Otto' });
    const teacherUser = await createUser(t.db, { email: 'teacher@uni.example', name: 'Tess' });
    await setAccount(t.db, teacherUser.id, { account_type: 'teacher' });
    ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    beto = apiAs(t.app, await signIn(t.app, 'beto@uni.example'));
    vera = apiAs(t.app, await signIn(t.app, 'vera@uni.example'));
    otto = apiAs(t.app, await signIn(t.app, ottoUser.email));
    teacher = apiAs(t.app, await signIn(t.app, teacherUser.email));
    projectId = (await created(ana('POST', '/api/projects', { name: 'Team A', is_private: true })))
      .id as number;
    await created(ana('PUT', `/api/projects/${projectId}`, { time_zone: 'America/Bogota' }));
    await addMember(t.db, {
      projectId,
      userId: ids.beto,
      role: 'member',
      folderId: await defaultFolderId(beto),
    });
    await addMember(t.db, {
      projectId,
      userId: ids.vera,
      role: 'viewer',
      folderId: await defaultFolderId(vera),
    });

    label = (await created(
      ana('POST', `/api/projects/${projectId}/labels`, { name: 'bug', color: '#FF0000' }),
    )) as typeof label;
    const milestone = async (name: string, start_date: string, deadline: string) =>
      (
        await created(
          ana('POST', `/api/projects/${projectId}/milestones`, {
            milestone_name: name,
            start_date,
            deadline,
          }),
        )
      ).milestone_id as number;
    milestoneId = await milestone('Sprint 1', '2026-11-16', '2026-11-24');
    otherMilestoneId = await milestone('Sprint 2', '2026-11-25', '2026-12-05');
    const newBoard = async (name: string) =>
      (await created(ana('POST', `/api/projects/${projectId}/boards`, { name, labels: [label.id] })))
        .id as number;
    board = { main: await newBoard('Main'), docs: await newBoard('Docs') };
    const newColumn = async (boardId: number, name: string) =>
      (await created(ana('POST', `/api/boards/${boardId}/columns`, { name }))).id as number;
    column = {
      todo: await newColumn(board.main, 'To do'),
      done: await newColumn(board.main, 'Done'),
      ideas: await newColumn(board.docs, 'Ideas'),
    };
    task = {
      a: await newTask(column.todo, 'Login form', {
        milestone_id: milestoneId,
        assigned: [ids.beto, ids.ana],
        labels: [label.id],
        expected_hours: 3,
      }),
      b: await newTask(column.done, 'Sign-up API', {
        milestone_id: milestoneId,
        assigned: [ids.ana],
        expected_hours: 2,
        completed: true,
      }),
      c: await newTask(column.todo, 'Not in the milestone'),
      d: await newTask(column.ideas, 'Write the guide', { milestone_id: milestoneId }),
      e: await newTask(column.todo, 'Next sprint', { milestone_id: otherMilestoneId }),
    };
    await logHours(beto, task.a, 2, '2026-11-20');
    await logHours(beto, task.a, 0.5, '2026-11-21');
    await logHours(ana, task.b, 1.5, '2026-11-21');
    await logHours(beto, task.c, 4, '2026-11-22'); // in the days, not on a milestone task
    await logHours(ana, task.a, 1, '2026-11-10'); // before the milestone's start: left out
    await created(
      beto('POST', `/api/tasks/${task.a}/commits`, {
        message: 'Fix the login\n\nThe form posted twice.',
        url: 'https://git.example.edu/team/app/commit/1a2b3c',
      }),
    );
    const repository = await insertRepository(t.db, {
      projectId,
      createdBy: ids.ana,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const commit = await t.db
      .insertInto('commits')
      .values({
        repository_id: repository.id,
        sha: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
        message: 'Add the sign-up endpoint\nwith validation',
        url: 'https://github.com/team/app/commit/9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
        author_name: 'Ana García',
        author_email: 'ana@uni.example',
        author_login: 'ana-gh',
        user_id: ids.ana,
        committed_at: '2026-11-21T15:00:00.000Z',
        created_at: '2026-11-21T15:05:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    at('2026-11-22T11:00:00.000Z');
    await created(ana('POST', `/api/tasks/${task.b}/commits`, { commit_id: commit.id }));
  });
  afterEach(async () => {
    await second?.close();
    await t?.close();
  });

  /** The frozen body of the fixture, fact by fact (the burndown is compared with the report). */
  const EXPECTED_BODY = () => ({
    version: 1,
    milestone: {
      milestone_id: milestoneId,
      name: 'Sprint 1',
      start_date: '2026-11-16',
      deadline: '2026-11-24',
      sprint: false,
    },
    time_zone: 'America/Bogota',
    boards: [
      {
        id: board.main,
        name: 'Main',
        columns: [
          {
            id: column.todo,
            name: 'To do',
            task_count: 3, // a, c and e: every task in the column
            tasks: [
              {
                id: task.a,
                title: 'Login form',
                assignees: [
                  { user_id: ids.ana, name: 'Ana' },
                  { user_id: ids.beto, name: 'Beto' },
                ],
                completed: false,
                completed_at: null,
                expected_hours: 3,
                labels: [{ id: label.id, name: 'bug', color: label.color }],
                archived: false,
              },
            ],
          },
          {
            id: column.done,
            name: 'Done',
            task_count: 1,
            tasks: [
              {
                id: task.b,
                title: 'Sign-up API',
                assignees: [{ user_id: ids.ana, name: 'Ana' }],
                completed: true,
                completed_at: '2026-11-22T10:00:00.000Z',
                expected_hours: 2,
                labels: [],
                archived: false,
              },
            ],
          },
        ],
      },
      {
        id: board.docs,
        name: 'Docs',
        columns: [
          {
            id: column.ideas,
            name: 'Ideas',
            task_count: 1,
            tasks: [
              {
                id: task.d,
                title: 'Write the guide',
                assignees: [],
                completed: false,
                completed_at: null,
                expected_hours: null,
                labels: [],
                archived: false,
              },
            ],
          },
        ],
      },
    ],
    hours: {
      start_date: '2026-11-16',
      end_date: '2026-11-24',
      total: 8,
      milestone_total: 4,
      members: [
        { user_id: ids.ana, name: 'Ana', is_member: true, hours: 1.5, milestone_hours: 1.5 },
        { user_id: ids.beto, name: 'Beto', is_member: true, hours: 6.5, milestone_hours: 2.5 },
        // Vera, a viewer with no hours, is not one of the people who do the team's work (issue 44.3).
      ],
      tasks: [
        { task_id: task.a, title: 'Login form', hours: 2.5, members: [{ user_id: ids.beto, hours: 2.5 }] },
        { task_id: task.b, title: 'Sign-up API', hours: 1.5, members: [{ user_id: ids.ana, hours: 1.5 }] },
      ],
    },
    commits: [
      {
        task_id: task.b,
        sha: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
        message: 'Add the sign-up endpoint',
        author: 'Ana García',
        url: 'https://github.com/team/app/commit/9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
        committed_at: '2026-11-21T15:00:00.000Z',
      },
      {
        task_id: task.a,
        sha: null,
        message: 'Fix the login',
        author: null,
        url: 'https://git.example.edu/team/app/commit/1a2b3c',
        committed_at: null,
      },
    ],
  });

  it('takes nothing before the deadline day has ended in the project’s zone', async () => {
    at('2026-11-25T04:30:00.000Z'); // 23:30 on Nov 24 in Bogotá, already Nov 25 in UTC
    expect(await dueMilestones(deps())).toEqual([]);
    await runJob();
    expect(await rows()).toEqual([]);
    const early = await list();
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('freezes the exact facts of the milestone, the burndown as the report computes it', async () => {
    at('2026-11-25T05:00:00.000Z'); // Nov 25 begins in Bogotá
    const burndown = (
      await ana('GET', `/api/projects/${projectId}/reports/burndown?milestone_id=${milestoneId}`)
    ).json().data;
    expect(await dueMilestones(deps())).toEqual([milestoneId]);
    expect(await takeDueSnapshots(deps())).toBe(1);

    const [row] = await rows();
    expect(row).toMatchObject({
      milestone_id: milestoneId,
      project_id: projectId,
      milestone_name: 'Sprint 1',
      deadline: '2026-11-24',
      taken_at: '2026-11-25T05:00:00.000Z',
      source: 'schedule',
    });
    const listed = await list();
    expect(listed.json().data).toEqual([
      {
        id: row!.id,
        milestone_id: milestoneId,
        project_id: projectId,
        milestone_name: 'Sprint 1',
        deadline: '2026-11-24',
        taken_at: '2026-11-25T05:00:00.000Z',
        source: 'schedule',
      },
    ]);
    const snapshot = (await read(row!.id)).json().data;
    expect(snapshot.body).toEqual({ ...EXPECTED_BODY(), burndown });
    expect(burndown.today).toBe('2026-11-25');
    expect(burndown.days.at(-1).day).toBe('2026-11-24');
  });

  it('takes exactly one snapshot per deadline when the job runs twice and on two instances at once', async () => {
    second = await buildTestApp({ sharedDatabase: t.database });
    at('2026-11-25T06:00:00.000Z');
    const taken = await Promise.all([
      takeDueSnapshots(deps(t)),
      takeDueSnapshots(deps(second)),
      takeSnapshot(deps(second), milestoneId, 'open'),
      takeSnapshot(deps(t), milestoneId, 'schedule'),
    ]);
    const counted = [taken[0], taken[1], taken[2] === 'taken' ? 1 : 0, taken[3] === 'taken' ? 1 : 0];
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await runJob(t)).toBeGreaterThanOrEqual(1);
    expect(await runJob(second)).toBeGreaterThanOrEqual(1);
    await Promise.all([t.app.jobs.drain(), second.app.jobs.drain()]);
    expect(await takeDueSnapshots(deps())).toBe(0);
    expect((await rows()).map((r) => [r.milestone_id, r.deadline])).toEqual([[milestoneId, '2026-11-24']]);
  });

  it('is a scheduled kind of the job queue, every 15 minutes', async () => {
    await t.app.jobs.planSchedules(true);
    const job = await t.db
      .selectFrom('jobs')
      .select(['key', 'run_after'])
      .where('kind', '=', MILESTONE_SNAPSHOTS_JOB)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ key: 'milestone-snapshots:every', run_after: '2026-11-22T11:15:00.000Z' });
    at('2026-11-25T05:00:00.000Z');
    await runJob();
    expect((await rows()).map((r) => [r.milestone_id, r.source])).toEqual([[milestoneId, 'schedule']]);
  });

  it('is taken when first opened after the deadline, before the job runs, and the job adds none', async () => {
    at('2026-11-25T05:01:00.000Z');
    const opened = await list(vera);
    expect(opened.statusCode, opened.body).toBe(200);
    const [summary] = opened.json().data;
    expect(summary).toMatchObject({
      deadline: '2026-11-24',
      taken_at: '2026-11-25T05:01:00.000Z',
      source: 'open',
    });
    const body = (await read(summary.id, vera)).json().data.body;
    const { burndown, ...facts } = body;
    expect(facts).toEqual((({ burndown: _, ...rest }) => rest)({ ...EXPECTED_BODY(), burndown: null }));
    expect(burndown.milestone.milestone_id).toBe(milestoneId);
    await runJob();
    expect((await list()).json().data).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it('does not change when tasks are moved, edited or completed, hours logged or commits linked afterwards', async () => {
    at('2026-11-25T05:00:00.000Z');
    await takeDueSnapshots(deps());
    const [row] = await rows();
    const before = (await read(row!.id)).json();

    at('2026-11-25T15:00:00.000Z');
    const moved = await ana('POST', `/api/tasks/${task.a}/move`, { column_id: column.done });
    expect(moved.statusCode, moved.body).toBe(200);
    await update(task.a, {
      title: 'Login form (redone)',
      completed: true,
      assigned: [ids.beto],
      labels: [],
      expected_hours: 8,
    });
    await update(task.b, { completed: false, is_archived: true });
    await update(task.c, { milestone_id: milestoneId });
    await logHours(beto, task.a, 3, '2026-11-23'); // within the milestone's days, logged late
    await created(
      beto('POST', `/api/tasks/${task.d}/commits`, {
        message: 'Late commit',
        url: 'https://git.example.edu/team/app/commit/ffff',
      }),
    );
    await created(ana('PUT', `/api/milestones/${milestoneId}`, { milestone_name: 'Sprint one' }));
    await created(ana('PUT', `/api/labels/${label.id}`, { name: 'defect', color: '#00FF00' }));
    await takeDueSnapshots(deps());
    expect((await list()).json().data).toHaveLength(1); // same deadline: no new snapshot

    const after = (await read(row!.id)).json();
    expect(after).toEqual(before);
    expect(after.data.body.boards[0].columns[0].tasks[0].title).toBe('Login form');
    expect((await rows())[0]!.body).toBe(row!.body);
    // The live report has moved on; the frozen one has not.
    const live = (
      await ana('GET', `/api/projects/${projectId}/reports/burndown?milestone_id=${milestoneId}`)
    ).json().data;
    expect(live).not.toEqual(after.data.body.burndown);
  });

  it('keeps the first snapshot when the deadline moves, and takes another at the new deadline', async () => {
    at('2026-11-25T05:00:00.000Z');
    await takeDueSnapshots(deps());
    const [first] = await rows();
    await created(ana('PUT', `/api/milestones/${milestoneId}`, { deadline: '2026-11-27' }));
    await update(task.a, { completed: true });
    expect(await takeDueSnapshots(deps())).toBe(0); // Nov 27 has not ended
    expect((await list()).json().data.map((s: { deadline: string }) => s.deadline)).toEqual(['2026-11-24']);

    at('2026-11-28T05:00:00.000Z');
    expect(await takeDueSnapshots(deps())).toBe(1);
    const listed = (await list()).json().data;
    expect(listed.map((s: { deadline: string }) => s.deadline)).toEqual(['2026-11-27', '2026-11-24']);
    expect((await read(first!.id)).json().data.body.milestone.deadline).toBe('2026-11-24');
    expect((await read(first!.id)).json().data.body.boards[0].columns[0].tasks[0].completed).toBe(false);
    const later = (await read(listed[0].id)).json().data.body;
    expect(later.milestone.deadline).toBe('2026-11-27');
    expect(later.boards[0].columns[0].tasks[0].completed).toBe(true);
    expect(later.hours.end_date).toBe('2026-11-27');
    expect((await rows())[0]!.body).toBe(first!.body);
  });

  it('keeps the snapshots of a deleted milestone, with its name, in the project’s list', async () => {
    at('2026-11-25T05:00:00.000Z');
    await takeDueSnapshots(deps());
    const snapshotId = (await rows())[0]!.id;
    for (const id of [task.a, task.b, task.d]) await update(id, { milestone_id: null });
    const deleted = await ana('DELETE', `/api/milestones/${milestoneId}`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    const listed = (await ana('GET', `/api/projects/${projectId}/milestone_snapshots`)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ id: snapshotId, milestone_id: null, milestone_name: 'Sprint 1' }),
    ]);
    const kept = (await read(snapshotId)).json().data;
    expect(kept.body.milestone.name).toBe('Sprint 1');
    expect(kept.body.boards[0].columns[0].tasks[0].title).toBe('Login form');
  });

  it('lets whoever sees the project read, and nobody else', async () => {
    at('2026-11-25T05:00:00.000Z');
    await takeDueSnapshots(deps());
    const snapshotId = (await rows())[0]!.id;
    const urls = [
      `/api/projects/${projectId}/milestone_snapshots`,
      `/api/milestones/${milestoneId}/snapshots`,
      `/api/milestone_snapshots/${snapshotId}`,
    ];
    for (const url of urls) {
      for (const api of [ana, beto, vera]) expect((await api('GET', url)).statusCode, url).toBe(200);
      const outsider = await otto('GET', url);
      expect(outsider.statusCode, url).toBe(404);
      expect(outsider.json().code).toBe('NOT_FOUND');
      expect((await teacher('GET', url)).statusCode, url).toBe(404); // a private project
      expect((await apiAs(t.app, null)('GET', url)).statusCode, url).toBe(401);
    }
    await created(ana('PUT', `/api/projects/${projectId}`, { is_private: false }));
    for (const url of urls) {
      expect((await teacher('GET', url)).statusCode, url).toBe(200);
      expect((await otto('GET', url)).statusCode, url).toBe(404); // public is for the teaching staff
    }
  });

  it('has no route that edits or deletes a snapshot, and refuses bad ids', async () => {
    at('2026-11-25T05:00:00.000Z');
    await takeDueSnapshots(deps());
    const [row] = await rows();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ana(method, `/api/milestone_snapshots/${row!.id}`, {
        milestone_name: 'Changed',
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await rows()).toEqual([row]);
    // An id that is no id names no snapshot.
    expect((await ana('GET', '/api/milestone_snapshots/abc')).statusCode).toBe(404);
    expect((await ana('GET', '/api/milestone_snapshots/999999')).statusCode).toBe(404);
    const foreignMilestone = await ana('GET', `/api/milestones/999999/snapshots`);
    expect(foreignMilestone.statusCode).toBe(404);
  });

  it('leaves a milestone of another project unknown', async () => {
    const other = (await created(otto('POST', '/api/projects', { name: 'Other' }))).id as number;
    const theirs = (
      await created(
        otto('POST', `/api/projects/${other}/milestones`, {
          milestone_name: 'Theirs',
          start_date: '2026-11-01',
          deadline: '2026-11-10',
        }),
      )
    ).milestone_id as number;
    expect((await list(ana, theirs)).statusCode).toBe(404);
    expect(await rows()).toEqual([]);
    const mine = await list(otto, theirs);
    expect(mine.json().data).toHaveLength(1); // past its deadline: taken when opened
  });
});
