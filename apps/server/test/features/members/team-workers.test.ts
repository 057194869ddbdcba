import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

type Person = 'ana' | 'beto' | 'vera' | 'tess' | 'tom';

/**
 * Issue 44.3, one rule for "the team" (contract isTeamWorker): student accounts in a working role.
 * Ana owns, Beto is a member; Vera is a student viewer, Tess a teacher viewer (as the roster files
 * staff), Tom a teacher the owner made a member on purpose. Tom logs hours and is assigned; then he
 * becomes a viewer, and his recorded work still shows.
 */
describe.skipIf(!isDatabaseAvailable)('the team: who does a project’s work', () => {
  let t: TestApp;
  const ids = {} as Record<Person, number>;
  const as = {} as Record<Person, Api>;
  let projectId: number;
  let taskId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const key of ['ana', 'beto', 'vera', 'tess', 'tom'] as const) {
      ids[key] = (await createUser(t.db, { email: `${key}@uni.example`, name: key.toUpperCase() })).id;
      as[key] = apiAs(t.app, await signIn(t.app, `${key}@uni.example`));
    }
    await setAccount(t.db, ids.tess, { account_type: 'teacher', max_projects: null });
    await setAccount(t.db, ids.tom, { account_type: 'teacher', max_projects: null });
    projectId = (await as.ana('POST', '/api/projects', { name: 'Team A' })).json().data.id;
    const roles = { beto: 'member', vera: 'viewer', tess: 'viewer', tom: 'member' } as const;
    for (const [key, role] of Object.entries(roles) as [
      keyof typeof roles,
      (typeof roles)[keyof typeof roles],
    ][]) {
      await addMember(t.db, { projectId, userId: ids[key], role, folderId: await defaultFolderId(as[key]) });
    }
    const board = (await as.ana('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    const column = (await as.ana('POST', `/api/boards/${board.id}/columns`, { name: 'C' })).json().data;
    taskId = (await as.ana('POST', `/api/columns/${column.id}/tasks`, { title: 'Report' })).json().data.id;
  }, 120_000); // five sign-ins and a fresh schema: slow on a busy machine
  afterAll(() => t?.close());

  const assign = (userIds: number[]) => as.ana('PUT', `/api/tasks/${taskId}`, { assigned: userIds });
  const report = (path: string) => as.ana('GET', `/api/projects/${projectId}/reports/${path}`);
  const names = (rows: { name: string }[]) => rows.map((row) => row.name);

  it('marks the team in the member list', async () => {
    const members = (await as.ana('GET', `/api/projects/${projectId}`)).json().data.members;
    const workers = members.filter((member: { is_team_worker: boolean }) => member.is_team_worker);
    expect(names(workers).sort()).toEqual(['ANA', 'BETO']);
  });

  it('never takes a viewer as a new assignee; staff in a working role only when named', async () => {
    for (const viewer of [ids.vera, ids.tess]) {
      expect((await assign([ids.beto, viewer])).json().code).toBe('VALIDATION_FAILED');
    }
    const named = await assign([ids.beto, ids.tom]);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.assigned).toEqual([ids.beto, ids.tom].sort((a, b) => a - b));
    const logged = await as.tom('POST', `/api/tasks/${taskId}/hours`, { hours: 2, date: '2026-11-23' });
    expect(logged.statusCode, logged.body).toBe(201);
  });

  it('keeps an assignee who became a viewer, but takes no new one', async () => {
    const demoted = await as.ana('PUT', `/api/projects/${projectId}/members/${ids.tom}`, { role: 'viewer' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await assign([ids.tom])).statusCode).toBe(200);
    expect((await assign([ids.tom, ids.tess])).statusCode).toBe(422);
  });

  it('lists the team and anyone with recorded work in the hours and workload reports', async () => {
    await as.beto('POST', `/api/tasks/${taskId}/hours`, { hours: 1, date: '2026-11-24' });
    const range = 'start_date=2026-11-20&end_date=2026-11-26';
    const hours = (await report(`hours?${range}&filter=day`)).json().data;
    expect(names(hours.members)).toEqual(['ANA', 'BETO', 'TOM']);
    const users = (await report(`users_hours?${range}`)).json().data;
    expect(names(users.rows)).toEqual(['TOM', 'BETO', 'ANA']);
    const workload = (await report(`workload?${range}`)).json().data;
    expect(names(workload.rows)).toEqual(['ANA', 'BETO', 'TOM']);
    expect(workload.rows.every((row: { is_member: boolean }) => row.is_member)).toBe(true);
  });

  it('offers the team as a new evaluation’s default members, and uses it when none are named', async () => {
    const list = (await as.ana('GET', `/api/projects/${projectId}/evaluations`)).json().data;
    expect(list.default_member_ids).toEqual([ids.ana, ids.beto].sort((a, b) => a - b));
  });
});
