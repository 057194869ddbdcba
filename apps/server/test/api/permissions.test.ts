import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsPolicy } from '../../src/access/route-policy.js';
import { ACCOUNT_ROWS } from '../helpers/account-permission-rows.js';
import { BOARD_ROWS } from '../helpers/board-permission-rows.js';
import { createBoardFixture, pngBytes, upload } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../helpers/factories.js';
import {
  expectErrorShape,
  MatrixTally,
  sampleActors,
  sampleRotating,
  snapshotAll,
  withHeadRows,
} from '../helpers/permission-matrix.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import {
  ACTORS,
  type Actor,
  type Fixture,
  type Row,
  VIEW,
  WORK,
  STAFF_READ,
} from '../helpers/project-permission-rows.js';
import { codeHostingRows } from '../features/code-hosting/code-hosting.permission-rows.js';
import { EVALUATION_INPUT, evaluationRows } from '../features/evaluations/evaluations.permission-rows.js';
import { invitationListRows, invitationRows } from '../features/invitations/invitations.permission-rows.js';
import { LESSON_INPUT, lessonRows } from '../features/lessons/lessons.permission-rows.js';
import { memberRows } from '../features/members/members.permission-rows.js';
import { milestoneSnapshotRows } from '../features/milestone-snapshots/milestone-snapshots.permission-rows.js';
import { projectRows } from '../features/projects/projects.permission-rows.js';
import { reportRows } from '../features/reports/reports.permission-rows.js';
import { STANDUP_INPUT, standupRows } from '../features/standups/standups.permission-rows.js';

/**
 * The permission matrix, one row per project-scoped endpoint, tried by every actor on their own
 * project (private, or public for the teacher and admin columns) and by the project's owner, member,
 * viewer and invitee on a foreign project (another team's, where they get what a stranger gets).
 * A refused call must change nothing. Each domain keeps its rows beside its tests
 * (test/features/<domain>/<domain>.permission-rows.ts; the board's in ../helpers/board-permission-rows.ts):
 * with ../helpers/account-permission-rows.ts they must cover every route the app registers under /api
 * (compared with the app's route registry).
 */
/** Actors with a relation to their own project, tried on another team's project too. */
const FOREIGN_ACTORS = ['owner', 'member', 'viewer', 'invitee'] as const satisfies readonly Actor[];
type Where = 'own' | 'foreign';

const TABLE: Row[] = [
  ...projectRows,
  ...memberRows,
  ...invitationListRows,
  ...invitationRows(''),
  ...lessonRows,
  ...standupRows,
  ...evaluationRows,
  ...codeHostingRows,
  ...reportRows,
  ...milestoneSnapshotRows,
  ...BOARD_ROWS.map((row) => ({
    ...row,
    expected: row.expected === 'view' ? VIEW : row.expected === 'staff' ? STAFF_READ : WORK(row.expected),
  })),
];

/** Every GET route answers HEAD too (Fastify adds it): the same row, the same statuses. */
const ALL_ROWS: Row[] = withHeadRows(TABLE);

interface Team {
  owner: TokenHeaders;
  member: { id: number; api: Api; folderId: number };
  viewer: { id: number; folderId: number };
  inviteeEmail: string;
  /** Own team only: a member blocked after signing in. */
  blocked?: { id: number; folderId: number };
}

describe.skipIf(!isDatabaseAvailable)('the permission matrix on every project-scoped endpoint', () => {
  let t: TestApp;
  const tally = new MatrixTally();
  const headers = {} as Record<
    'owner' | 'member' | 'viewer' | 'stranger' | 'teacher' | 'admin' | 'invitee' | 'blocked',
    TokenHeaders
  >;
  const teams = {} as Record<Where, Team>;
  let inviteeFolderId: number;
  /** Fixtures no call has changed yet, reused until a call is allowed (then rebuilt). */
  const unchanged = new Map<string, Fixture>();

  async function user(email: string, account: Parameters<typeof setAccount>[2] = {}) {
    const created = await createUser(t.db, { email });
    if (Object.keys(account).length > 0) await setAccount(t.db, created.id, account);
    const signedIn = await signIn(t.app, email);
    return { id: created.id, headers: signedIn, folderId: await defaultFolderId(apiAs(t.app, signedIn)) };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const unlimited = { max_projects: null };
    const owner = await user('owner@uni.example', unlimited);
    const member = await user('member@uni.example');
    const viewer = await user('viewer@uni.example');
    const blocked = await user('blocked@uni.example');
    const invitee = await user('invitee@uni.example');
    const stranger = await user('stranger@uni.example');
    const teacher = await user('teacher@uni.example', { account_type: 'teacher', ...unlimited });
    const admin = await user('admin@uni.example', { account_type: 'admin', ...unlimited });
    Object.assign(headers, {
      ...{ owner: owner.headers, member: member.headers, viewer: viewer.headers },
      ...{ stranger: stranger.headers, teacher: teacher.headers, admin: admin.headers },
      ...{ invitee: invitee.headers, blocked: blocked.headers },
    });
    inviteeFolderId = invitee.folderId;
    teams.own = {
      owner: owner.headers,
      member: { ...member, api: apiAs(t.app, member.headers) },
      viewer,
      inviteeEmail: 'invitee@uni.example',
      blocked,
    };
    const rival = await user('rival@uni.example', unlimited);
    const rivalMember = await user('rival-member@uni.example');
    teams.foreign = {
      owner: rival.headers,
      member: { ...rivalMember, api: apiAs(t.app, rivalMember.headers) },
      viewer: await user('rival-viewer@uni.example'),
      inviteeEmail: 'rival-invitee@uni.example',
    };
    // Blocked after signing in: the session exists, the account may no longer use it.
    await t.db
      .updateTable('users')
      .set({ blocked_at: '2026-11-22T09:00:00.000Z' })
      .where('id', '=', blocked.id)
      .execute();
  });
  afterAll(async () => {
    console.log(tally.summary('permission matrix (project routes)'));
    await t?.close();
  });

  async function createFixture(team: Team, isPrivate: boolean): Promise<Fixture> {
    const owner = apiAs(t.app, team.owner);
    const created = await owner('POST', '/api/projects', { name: 'Matrix', is_private: isPrivate });
    expect(created.statusCode).toBe(201);
    const projectId = created.json().data.id as number;
    const { member, viewer, blocked } = team;
    await addMember(t.db, { projectId, userId: member.id, role: 'member', folderId: member.folderId });
    await addMember(t.db, { projectId, userId: viewer.id, role: 'viewer', folderId: viewer.folderId });
    if (blocked)
      await addMember(t.db, { projectId, userId: blocked.id, role: 'member', folderId: blocked.folderId });
    const invited = await owner('POST', `/api/projects/${projectId}/invitations`, {
      email: team.inviteeEmail,
      role: 'member',
    });
    expect(invited.statusCode).toBe(201);
    const board = await createBoardFixture(t.app, projectId, owner, member.api, team.owner);
    const writeLesson = async () => {
      const url = `/api/projects/${projectId}/lessons`;
      const written = await member.api('POST', url, { ...LESSON_INPUT, submit: true });
      expect(written.statusCode).toBe(201);
      return written.json().data.lesson_id as number;
    };
    const pendingLessonId = await writeLesson();
    const publishedLessonId = await writeLesson();
    const approved = await apiAs(t.app, headers.admin)('POST', `/api/lessons/${publishedLessonId}/approve`);
    expect(approved.statusCode).toBe(200);
    const repository = await owner('POST', `/api/projects/${projectId}/repositories`, {
      provider: 'github',
      url: 'course/team-app',
    });
    expect(repository.statusCode, repository.body).toBe(201);
    const linked = await member.api('POST', `/api/tasks/${board.taskId}/commits`, {
      message: 'Fix the report',
      url: 'https://git.example.edu/team/app/commit/1a2b3c',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const standup = await member.api('POST', `/api/projects/${projectId}/standups`, STANDUP_INPUT);
    expect(standup.statusCode, standup.body).toBe(201);
    const evaluationUrl = `/api/projects/${projectId}/evaluations`;
    const draft = await owner('POST', evaluationUrl, EVALUATION_INPUT([member.id, viewer.id]));
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await owner('POST', evaluationUrl, EVALUATION_INPUT([member.id, viewer.id]));
    const sentId = sent.json().data.id as number;
    expect((await owner('POST', `/api/evaluations/${sentId}/send`)).statusCode).toBe(200);
    const snapshots = await owner('GET', `/api/milestones/${board.milestoneId}/snapshots`);
    expect(snapshots.statusCode, snapshots.body).toBe(200);
    const link = await t.db
      .selectFrom('task_commits')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return {
      ...board,
      projectId,
      repositoryId: repository.json().data.id,
      taskCommitId: link.id,
      standupId: standup.json().data.id,
      draftEvaluationId: draft.json().data.id,
      evaluationId: sentId,
      milestoneSnapshotId: snapshots.json().data[0].id,
      pendingLessonId,
      publishedLessonId,
      invitationId: invited.json().data.id,
      viewerId: viewer.id,
      inviteeFolderId,
    };
  }

  async function fixtureFor(where: Where, isPrivate: boolean): Promise<Fixture> {
    const key = `${where}:${isPrivate}`;
    const cached = unchanged.get(key);
    if (cached) return cached;
    const fixture = await createFixture(teams[where], isPrivate);
    unchanged.set(key, fixture);
    return fixture;
  }

  function headersOf(actor: Actor): TokenHeaders | null {
    if (actor === 'signed_out') return null;
    if (actor === 'teacher_public' || actor === 'teacher_private') return headers.teacher;
    if (actor === 'admin_public' || actor === 'admin_private') return headers.admin;
    return headers[actor];
  }

  it('has a row for every route the app registers under /api, and no row for a route that does not exist', () => {
    const registered = t.app.routePolicies
      .filter((route) => needsPolicy(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const covered = [...ALL_ROWS, ...withHeadRows(ACCOUNT_ROWS)]
      .map((row) => `${row.method} ${row.route}`)
      .sort();
    expect(covered).toEqual(registered);
    expect(new Set(covered).size).toBe(covered.length);
  });

  it('declares a policy on every /api route, and the same one on a HEAD route as on its GET', () => {
    const policies = t.app.routePolicies.filter((route) => needsPolicy(route.url));
    expect(policies.filter((route) => !route.permission)).toEqual([]);
    const policyOf = (method: string, url: string) =>
      policies.find((route) => route.method === method && route.url === url)?.permission;
    for (const head of policies.filter((route) => route.method === 'HEAD')) {
      expect(head.permission, head.url).toBe(policyOf('GET', head.url));
    }
  });

  // The whole matrix under `npm run test:matrix`; a sample covering every row's every outcome otherwise.
  const cases = ALL_ROWS.flatMap((row, index) => [
    ...sampleActors(ACTORS, (actor) => row.expected[actor], index).map(
      (actor) => [row.method, row.route, actor, 'own' as Where, row] as const,
    ),
    ...sampleRotating(FOREIGN_ACTORS, 1, index).map(
      (actor) => [row.method, row.route, actor, 'foreign' as Where, row] as const,
    ),
  ]);
  it.each(cases)('%s %s as %s on their %s project', async (_method, _route, actor, where, row) => {
    const isPublic = where === 'own' && (actor === 'teacher_public' || actor === 'admin_public');
    const fixture = await fixtureFor(where, !isPublic);
    const { url, payload, multipart } = row.request(fixture);
    const before = await snapshotAll(t.db);
    const response = multipart
      ? await upload(t.app, headersOf(actor), fixture.taskId, 'chart.png', await pngBytes())
      : await t.app.inject({
          method: row.method,
          url,
          headers: headersOf(actor) ?? {},
          ...(payload ? { payload } : {}),
        });
    const expected = where === 'foreign' ? row.expected.stranger : row.expected[actor];
    tally.record(expected, response.statusCode);
    const isRead = row.method === 'GET' || row.method === 'HEAD';
    if (response.statusCode < 400 && !isRead) unchanged.delete(`${where}:${!isPublic}`);
    expect(response.statusCode, response.body).toBe(expected);
    if (response.statusCode >= 400) {
      if (row.method !== 'HEAD') expectErrorShape(response);
      expect(await snapshotAll(t.db)).toEqual(before);
    }
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
