import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProjectScoped } from '../src/plugins/route-policy.js';
import { BOARD_ROWS } from './helpers/board-permission-rows.js';
import { createBoardFixture, pngBytes, upload, type BoardFixture } from './helpers/boards.js';
import { isDatabaseAvailable } from './helpers/database.js';
import { createUser, signIn, type TokenHeaders } from './helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, snapshot, type Method } from './helpers/projects.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The permission matrix, one row per project-scoped endpoint. Every case runs on a fresh project
 * with an owner, a member, a viewer and a pending invitation; a refused call must change nothing.
 * The table must cover every route the app registers under /api/projects/:id and
 * /api/project_invitations/:id (compared with the app's route registry below).
 */
const ACTORS = [
  'owner',
  'member',
  'viewer',
  'stranger',
  'signed_out',
  'teacher_public',
  'teacher_private',
  'invitee',
] as const;
type Actor = (typeof ACTORS)[number];

interface Fixture extends BoardFixture {
  projectId: number;
  invitationId: number;
  viewerId: number;
  inviteeFolderId: number;
}

interface Row {
  method: Method;
  route: string;
  request(f: Fixture): { url: string; payload?: object; multipart?: boolean };
  expected: Record<Actor, number>;
}

//                   owner member viewer stranger signed_out teacher_public teacher_private invitee
const status = (...codes: number[]): Record<Actor, number> =>
  Object.fromEntries(ACTORS.map((actor, index) => [actor, codes[index]])) as Record<Actor, number>;
const VIEW = status(200, 200, 200, 404, 401, 200, 404, 404);
const OWNER_ONLY = (ok: number) => status(ok, 403, 403, 404, 401, 403, 404, 404);
const INVITEE_ONLY = status(404, 404, 404, 404, 401, 404, 404, 200);
/** work.edit / work.report_own: owners and members; a viewer or a read-only teacher gets 403. */
const WORK = (ok: number) => status(ok, ok, 403, 404, 401, 403, 404, 404);

const invitationRows = (suffix: '' | '/'): Row[] => [
  {
    method: 'PUT',
    route: `/api/project_invitations/:id${suffix}`,
    request: (f) => ({
      url: `/api/project_invitations/${f.invitationId}${suffix}`,
      payload: { role: 'owner' },
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: `/api/project_invitations/:id${suffix}`,
    request: (f) => ({ url: `/api/project_invitations/${f.invitationId}${suffix}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'POST',
    route: `/api/project_invitations/:id/accept_invitation${suffix}`,
    request: (f) => ({
      url: `/api/project_invitations/${f.invitationId}/accept_invitation${suffix}`,
      payload: { folder_id: f.inviteeFolderId },
    }),
    expected: INVITEE_ONLY,
  },
  {
    method: 'POST',
    route: `/api/project_invitations/:id/reject_invitation${suffix}`,
    request: (f) => ({ url: `/api/project_invitations/${f.invitationId}/reject_invitation${suffix}` }),
    expected: INVITEE_ONLY,
  },
];

const TABLE: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id',
    request: (f) => ({ url: `/api/projects/${f.projectId}` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/projects/:id',
    request: (f) => ({ url: `/api/projects/${f.projectId}`, payload: { name: 'Renamed' } }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id',
    request: (f) => ({ url: `/api/projects/${f.projectId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/placement',
    request: (f) => ({ url: `/api/projects/${f.projectId}/placement`, payload: { is_favorite: true } }),
    // Any member files the project for themselves; a read-only teacher has no filing.
    expected: status(200, 200, 200, 404, 401, 403, 404, 404),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/members',
    request: (f) => ({ url: `/api/projects/${f.projectId}/members` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/members/:user_id',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/members/${f.viewerId}`,
      payload: { role: 'member' },
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/members/:user_id',
    request: (f) => ({ url: `/api/projects/${f.projectId}/members/${f.viewerId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/membership',
    request: (f) => ({ url: `/api/projects/${f.projectId}/membership` }),
    // The only owner may not quit (409 LAST_OWNER).
    expected: status(409, 204, 204, 404, 401, 403, 404, 404),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/invitations',
    request: (f) => ({ url: `/api/projects/${f.projectId}/invitations` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/invitations',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/invitations`,
      payload: { email: 'newcomer@uni.example', role: 'member' },
    }),
    expected: OWNER_ONLY(201),
  },
  ...invitationRows(''),
  ...invitationRows('/'),
  ...BOARD_ROWS.map((row) => ({ ...row, expected: row.expected === 'view' ? VIEW : WORK(row.expected) })),
];

describe.skipIf(!isDatabaseAvailable)('the permission matrix on every project-scoped endpoint', () => {
  let t: TestApp;
  const headers = {} as Record<
    Exclude<Actor, 'signed_out' | 'teacher_public' | 'teacher_private'> | 'teacher',
    TokenHeaders
  >;
  const ids = {} as Record<'member' | 'viewer' | 'teacher' | 'invitee', number>;
  const folders = {} as Record<'member' | 'viewer' | 'invitee', number>;
  const INVITEE_EMAIL = 'invitee@uni.example';

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createUser(t.db, { email: 'owner@uni.example' });
    await setAccount(t.db, owner.id, { max_projects: null });
    for (const name of ['member', 'viewer', 'stranger', 'teacher', 'invitee'] as const) {
      const user = await createUser(t.db, { email: `${name}@uni.example` });
      if (name !== 'stranger') ids[name] = user.id;
    }
    await setAccount(t.db, ids.teacher, { account_type: 'teacher', max_projects: null });
    for (const name of ['owner', 'member', 'viewer', 'stranger', 'teacher', 'invitee'] as const) {
      headers[name] = await signIn(t.app, `${name}@uni.example`);
    }
    for (const name of ['member', 'viewer', 'invitee'] as const) {
      folders[name] = await defaultFolderId(apiAs(t.app, headers[name]));
    }
  });
  afterAll(() => t?.close());

  async function createFixture(isPrivate: boolean): Promise<Fixture> {
    const owner = apiAs(t.app, headers.owner);
    const created = await owner('POST', '/api/projects', { name: 'Matrix', is_private: isPrivate });
    expect(created.statusCode).toBe(201);
    const projectId = created.json().data.id as number;
    await addMember(t.db, { projectId, userId: ids.member, role: 'member', folderId: folders.member });
    await addMember(t.db, { projectId, userId: ids.viewer, role: 'viewer', folderId: folders.viewer });
    const invited = await owner('POST', `/api/projects/${projectId}/invitations`, {
      email: INVITEE_EMAIL,
      role: 'member',
    });
    expect(invited.statusCode).toBe(201);
    const board = await createBoardFixture(
      t.app,
      projectId,
      owner,
      apiAs(t.app, headers.member),
      headers.owner,
    );
    return {
      ...board,
      projectId,
      invitationId: invited.json().data.id,
      viewerId: ids.viewer,
      inviteeFolderId: folders.invitee,
    };
  }

  function headersOf(actor: Actor): TokenHeaders | null {
    if (actor === 'signed_out') return null;
    if (actor === 'teacher_public' || actor === 'teacher_private') return headers.teacher;
    return headers[actor];
  }

  it('has a row for every project-scoped route the app registers, and no row for a route that does not exist', () => {
    const registered = t.app.routePolicies
      .filter((route) => route.method !== 'HEAD' && isProjectScoped(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const covered = TABLE.map((row) => `${row.method} ${row.route}`).sort();
    expect(covered).toEqual(registered);
    expect(new Set(covered).size).toBe(covered.length);
  });

  it('declares a permission on every project-scoped route (HEAD included)', () => {
    const undeclared = t.app.routePolicies.filter((route) => isProjectScoped(route.url) && !route.permission);
    expect(undeclared).toEqual([]);
  });

  const cases = TABLE.flatMap((row) => ACTORS.map((actor) => [row.method, row.route, actor, row] as const));
  it.each(cases)('%s %s as %s', async (_method, _route, actor, row) => {
    const fixture = await createFixture(actor !== 'teacher_public');
    const { url, payload, multipart } = row.request(fixture);
    const before = await snapshot(t.db);
    const response = multipart
      ? await upload(t.app, headersOf(actor), fixture.taskId, 'chart.png', await pngBytes())
      : await apiAs(t.app, headersOf(actor))(row.method, url, payload);
    expect(response.statusCode, response.body).toBe(row.expected[actor]);
    if (response.statusCode >= 400) {
      expect(response.json().errors[0]).toEqual(expect.any(String));
      expect(await snapshot(t.db)).toEqual(before);
    }
  });
});

describe.skipIf(!isDatabaseAvailable)('resources of another project in the path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    for (const name of ['ana', 'bob']) await createUser(t.db, { email: `${name}@uni.example` });
  });
  afterAll(() => t?.close());

  it('answers 404 for a task, column, board… of a project the caller is not in, and changes nothing', async () => {
    const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    const bobHeaders = await signIn(t.app, 'bob@uni.example');
    const bob = apiAs(t.app, bobHeaders);
    const mine = (await ana('POST', '/api/projects', { name: 'Mine' })).json().data.id as number;
    const theirs = (await bob('POST', '/api/projects', { name: 'Theirs' })).json().data.id as number;
    const a = await createBoardFixture(t.app, mine, ana, ana, await signIn(t.app, 'ana@uni.example'));
    const b = await createBoardFixture(t.app, theirs, bob, bob, bobHeaders);
    const before = await snapshot(t.db);
    const calls: [Method, string, object?][] = [
      ['GET', `/api/tasks/${b.taskId}`],
      ['PUT', `/api/tasks/${b.taskId}`, { title: 'x' }],
      ['POST', `/api/tasks/${b.taskId}/hours`, { hours: 1, date: '2026-11-20' }],
      ['POST', `/api/tasks/${b.taskId}/comments`, { text: 'x' }],
      ['GET', `/api/boards/${b.boardId}`],
      ['POST', `/api/columns/${b.columnId}/tasks`, { title: 'x' }],
      ['PUT', `/api/hours/${b.hourId}`, { hours: 1 }],
      ['DELETE', `/api/comments/${b.commentId}`],
      ['DELETE', `/api/checklist/${b.checklistId}`],
      ['DELETE', `/api/attachments/${b.attachmentId}`],
      ['PUT', `/api/labels/${b.labelId}`, { name: 'x' }],
      ['DELETE', `/api/milestones/${b.milestoneId}`],
      // Own task into another project's column, or another board's column: 404.
      ['POST', `/api/tasks/${a.taskId}/move`, { column_id: b.columnId }],
      ['GET', `/api/tasks/999999`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await ana(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe.skipIf(!isDatabaseAvailable)('route registry', () => {
  it('refuses to start when a project-scoped route declares no permission', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          app.get('/api/projects/:id/reports', { onRequest: app.authenticate }, async () => ({ data: [] }));
        },
      }),
    ).rejects.toThrow(/GET \/api\/projects\/:id\/reports/);
  });

  it('refuses to start when a board, task or other resource route declares no permission', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          app.get('/api/tasks/:id/watchers', { onRequest: app.authenticate }, async () => ({ data: [] }));
        },
      }),
    ).rejects.toThrow(/GET \/api\/tasks\/:id\/watchers/);
  });

  it('refuses to start when any other /api route declares no policy', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          app.get('/api/reports', async () => ({ data: [] }));
        },
      }),
    ).rejects.toThrow(/GET \/api\/reports, HEAD \/api\/reports/);
  });
  it('refuses to start when a policy does not fit its path', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          app.get('/api/tasks/:id/watchers', { config: { permission: 'signed_in' } }, async () => ({}));
          app.get('/api/watchers', { config: { permission: 'project.view' } }, async () => ({}));
          app.post(
            '/api/projects/:id/watch',
            { config: { permission: 'invitation.invitee' } },
            async () => ({}),
          );
        },
      }),
    ).rejects.toThrow(
      /GET \/api\/tasks\/:id\/watchers.*GET \/api\/watchers.*POST \/api\/projects\/:id\/watch/,
    );
  });
  it('records the OpenAPI routes too, exempt by name', async () => {
    const t = await buildTestApp();
    try {
      const docs = t.app.routePolicies.filter((route) => route.url.startsWith('/api/docs'));
      expect(docs.map((route) => route.url)).toContain('/api/docs/json');
      expect(docs.every((route) => route.permission === undefined)).toBe(true);
      const signedOut = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(signedOut.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
  it('refuses to start when an invitation route declares no permission', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          app.post('/api/project_invitations/:id/resend', async () => ({}));
        },
      }),
    ).rejects.toThrow(/POST \/api\/project_invitations\/:id\/resend/);
  });
});
