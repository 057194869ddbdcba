import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsPolicy } from '../../src/access/route-policy.js';
import { ACCOUNT_ROWS } from '../helpers/account-permission-rows.js';
import { BOARD_ROWS } from '../helpers/board-permission-rows.js';
import { createBoardFixture, pngBytes, upload, type BoardFixture } from '../helpers/boards.js';
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
import { addMember, apiAs, defaultFolderId, setAccount, type Api, type Method } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The permission matrix, one row per project-scoped endpoint, tried by every actor on their own
 * project (private, or public for the teacher and admin columns) and by the project's owner, member,
 * viewer and invitee on a foreign project (another team's, where they get what a stranger gets).
 * A refused call must change nothing. The rows here and in ./helpers/account-permission-rows.ts
 * must cover every route the app registers under /api (compared with the app's route registry).
 */
const ACTORS = [
  'owner',
  'member',
  'viewer',
  'stranger',
  'signed_out',
  'teacher_public',
  'teacher_private',
  'admin_public',
  'admin_private',
  'invitee',
  'blocked',
] as const;
type Actor = (typeof ACTORS)[number];
/** Actors with a relation to their own project, tried on another team's project too. */
const FOREIGN_ACTORS = ['owner', 'member', 'viewer', 'invitee'] as const satisfies readonly Actor[];
type Where = 'own' | 'foreign';

interface Fixture extends BoardFixture {
  projectId: number;
  invitationId: number;
  /** Written by the member and sent for approval. */
  pendingLessonId: number;
  /** Written by the member and approved: every signed-in user may read it. */
  publishedLessonId: number;
  viewerId: number;
  inviteeFolderId: number;
  /** A GitHub repository linked by the owner (never synced: the job worker is off in tests). */
  repositoryId: number;
  /** A commit address the member linked to the fixture's task by hand. */
  taskCommitId: number;
  /** Today's stand-up of the member. */
  standupId: number;
  /** A draft evaluation of the owner's, for the member and the viewer. */
  draftEvaluationId: number;
  /** The same, sent and active today. */
  evaluationId: number;
  /** The snapshot of the fixture's milestone (its deadline has passed), taken by opening it. */
  milestoneSnapshotId: number;
}

interface Row {
  method: Method | 'HEAD';
  route: string;
  request(f: Fixture): { url: string; payload?: object; multipart?: boolean };
  expected: Record<Actor, number>;
}

/**
 * The columns in order: owner member viewer stranger signed_out teacher_public teacher_private
 * invitee. An admin gets exactly what a teacher gets (read-only on public projects, never write
 * access by account type); a user blocked after signing in gets 401 everywhere.
 */
const status = (...codes: number[]): Record<Actor, number> => {
  const [owner, member, viewer, stranger, signed_out, teacher_public, teacher_private, invitee] = codes;
  return {
    ...({ owner, member, viewer, stranger, signed_out, teacher_public, teacher_private, invitee } as Record<
      Exclude<Actor, 'admin_public' | 'admin_private' | 'blocked'>,
      number
    >),
    admin_public: teacher_public!,
    admin_private: teacher_private!,
    blocked: 401,
  };
};
const VIEW = status(200, 200, 200, 404, 401, 200, 404, 404);
const OWNER_ONLY = (ok: number) => status(ok, 403, 403, 404, 401, 403, 404, 404);
const INVITEE_ONLY = status(404, 404, 404, 404, 401, 404, 404, 200);
/** work.edit / work.report_own: owners and members; a viewer or a read-only teacher gets 403. */
const WORK = (ok: number) => status(ok, ok, 403, 404, 401, 403, 404, 404);
/** Staff reads (hours.review): owners, and teachers/admins on a public project; members and viewers 403. */
const STAFF_READ = status(200, 403, 403, 404, 401, 200, 404, 404);

/**
 * Lessons (docs/api-lessons.md) follow their own readers: a lesson waiting for approval is read by
 * whoever sees its project and by admins (on a private project too), edited by its author only (the
 * member), reviewed by admins only; a published one is read by anyone signed in, voted on and reported
 * by anyone but its author, and its reporters are listed to admins only.
 */
const lessonStatus = (
  codes: Omit<Record<Actor, number>, 'signed_out' | 'blocked'>,
): Record<Actor, number> => ({
  ...codes,
  signed_out: 401,
  blocked: 401,
});
const LESSON_READER = lessonStatus({
  ...{ owner: 200, member: 200, viewer: 200, stranger: 404, invitee: 404 },
  ...{ teacher_public: 200, teacher_private: 404, admin_public: 200, admin_private: 200 },
});
const LESSON_AUTHOR = (ok: number) =>
  lessonStatus({
    ...{ owner: 403, member: ok, viewer: 403, stranger: 404, invitee: 404 },
    ...{ teacher_public: 403, teacher_private: 404, admin_public: 403, admin_private: 403 },
  });
const LESSON_REVIEWER = lessonStatus({
  ...{ owner: 403, member: 403, viewer: 403, stranger: 404, invitee: 404 },
  ...{ teacher_public: 403, teacher_private: 404, admin_public: 200, admin_private: 200 },
});
const PUBLISHED_READER = lessonStatus({
  ...{ owner: 200, member: 200, viewer: 200, stranger: 200, invitee: 200 },
  ...{ teacher_public: 200, teacher_private: 200, admin_public: 200, admin_private: 200 },
});
/** Voting and reporting: anyone signed in who can read it, except its author (the member): 403. */
const PUBLISHED_OTHER_READER = { ...PUBLISHED_READER, member: 403 };
const PUBLISHED_REVIEWER = lessonStatus({
  ...{ owner: 403, member: 403, viewer: 403, stranger: 403, invitee: 403 },
  ...{ teacher_public: 403, teacher_private: 403, admin_public: 200, admin_private: 200 },
});
const LESSON_INPUT = {
  title: 'Small commits',
  problem: 'Reviews took days.',
  solution: 'Commit small, review daily.',
  tags: ['git'],
  language: 'en',
};

/**
 * Stand-ups (docs/api-standups.md): read by whoever sees the project; owners and members submit their
 * own, once a day (the fixture's member already did today: 409); only the author edits one.
 */
const STANDUP_INPUT = { did: 'Set up CI', will_do: 'Write tests', hours: 3, stress: 2, feeling: 4 };
const standupRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/standups',
    request: (f) => ({ url: `/api/projects/${f.projectId}/standups` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/standups',
    request: (f) => ({ url: `/api/projects/${f.projectId}/standups`, payload: STANDUP_INPUT }),
    expected: status(201, 409, 403, 404, 401, 403, 404, 404),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/standups/analysis',
    request: (f) => ({ url: `/api/projects/${f.projectId}/standups/analysis` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/standups/:id',
    request: (f) => ({ url: `/api/standups/${f.standupId}` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/standups/:id',
    request: (f) => ({ url: `/api/standups/${f.standupId}`, payload: { ...STANDUP_INPUT, hours: 4 } }),
    expected: status(403, 200, 403, 404, 401, 403, 404, 404),
  },
];

/**
 * Evaluations (docs/api-evaluations.md): owners write, send, move and close them; the selected
 * members (the fixture's member and viewer) answer; whoever sees the project reads a sent one's
 * results (members get only what they may see); teaching staff read, never answer.
 */
const EVALUATION_INPUT = (memberIds: number[]) => ({
  title: 'Peer review',
  description: 'Rate each other.',
  type: 'project',
  initial_date: '2026-11-22',
  deadline: '2026-11-29',
  member_ids: memberIds,
  questions: [{ kind: 'scale', text: 'Communication' }],
});
// The owner is not among the selected members: 403 EVALUATION_NOT_INVITED.
const ANSWERER = status(403, 200, 200, 404, 401, 403, 404, 404);
const evaluationRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/evaluations',
    request: (f) => ({ url: `/api/projects/${f.projectId}/evaluations` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/evaluations',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/evaluations`,
      payload: EVALUATION_INPUT([f.viewerId]),
    }),
    expected: OWNER_ONLY(201),
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}` }),
    expected: VIEW,
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id',
    request: (f) => ({
      url: `/api/evaluations/${f.draftEvaluationId}`,
      payload: EVALUATION_INPUT([f.viewerId]),
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: '/api/evaluations/:id',
    request: (f) => ({ url: `/api/evaluations/${f.draftEvaluationId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'POST',
    route: '/api/evaluations/:id/send',
    request: (f) => ({ url: `/api/evaluations/${f.draftEvaluationId}/send` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id/deadline',
    request: (f) => ({
      url: `/api/evaluations/${f.evaluationId}/deadline`,
      payload: { deadline: '2026-12-06' },
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/evaluations/:id/close',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/close` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id/answers',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/answers` }),
    expected: ANSWERER,
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id/answers',
    request: (f) => ({
      url: `/api/evaluations/${f.evaluationId}/answers`,
      payload: { answers: [], submit: false },
    }),
    expected: ANSWERER,
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id/results',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/results` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/evaluations/:id/evidence',
    request: (f) => ({ url: `/api/evaluations/${f.evaluationId}/evidence` }),
    expected: VIEW,
  },
];

/** Code hosting (docs/api-code-hosting.md): owners link and unlink, members sync and link commits, viewers read. */
const codeHostingRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/repositories',
    request: (f) => ({ url: `/api/projects/${f.projectId}/repositories` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/repositories',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/repositories`,
      payload: { provider: 'gitlab', url: 'course/team-app' },
    }),
    expected: OWNER_ONLY(201),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/repositories/github/callback',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/repositories/github/callback`,
      payload: { code: 'c', state: 's' },
    }),
    // No OAuth app on this server: the owner is told so; nobody else gets that far.
    expected: OWNER_ONLY(422),
  },
  {
    method: 'GET',
    route: '/api/repositories/:id/webhook',
    request: (f) => ({ url: `/api/repositories/${f.repositoryId}/webhook` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/repositories/:id/sync',
    request: (f) => ({ url: `/api/repositories/${f.repositoryId}/sync` }),
    expected: WORK(202),
  },
  {
    method: 'DELETE',
    route: '/api/repositories/:id',
    request: (f) => ({ url: `/api/repositories/${f.repositoryId}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/commits',
    request: (f) => ({ url: `/api/projects/${f.projectId}/commits?q=fix` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/projects/:id/pull_requests',
    request: (f) => ({ url: `/api/projects/${f.projectId}/pull_requests` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/tasks/:id/commits',
    request: (f) => ({ url: `/api/tasks/${f.taskId}/commits` }),
    expected: VIEW,
  },
  {
    method: 'DELETE',
    route: '/api/task_commits/:id',
    request: (f) => ({ url: `/api/task_commits/${f.taskCommitId}` }),
    expected: WORK(204),
  },
];

/** Milestone snapshots (docs/api-milestone-snapshots.md): read by whoever sees the project, never written. */
const milestoneSnapshotRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/milestone_snapshots',
    request: (f) => ({ url: `/api/projects/${f.projectId}/milestone_snapshots` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/milestones/:id/snapshots',
    request: (f) => ({ url: `/api/milestones/${f.milestoneId}/snapshots` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/milestone_snapshots/:id',
    request: (f) => ({ url: `/api/milestone_snapshots/${f.milestoneSnapshotId}` }),
    expected: VIEW,
  },
];

/** Reports (docs/api-reports.md): read by whoever sees the project. */
const RANGE = 'start_date=2026-11-20&end_date=2026-11-26';
const reportRows: Row[] = (
  [
    ['hours', () => `${RANGE}&filter=day`],
    ['users_hours', () => RANGE],
    ['commits', () => RANGE],
    ['pull_requests', () => ''],
    ['tasks', () => RANGE],
    ['lead', () => ''],
    ['burnup', (f) => `milestone_id=${f.milestoneId}`],
    ['burndown', (f) => `milestone_id=${f.milestoneId}`],
    ['velocity', () => ''],
    ['timeline', () => RANGE],
    ['workload', (f) => `${RANGE}&board_id=${f.boardId}`],
    ['task_progress', (f) => `${RANGE}&board_id=${f.boardId}`],
    ['average_task_completion', (f) => `milestone_id=${f.milestoneId}`],
    ['estimated_hours_variation', (f) => `milestone_id=${f.milestoneId}`],
  ] as const satisfies readonly (readonly [string, (f: Fixture) => string])[]
).map(([report, query]) => ({
  method: 'GET',
  route: `/api/projects/:id/reports/${report}`,
  request: (f: Fixture) => ({ url: `/api/projects/${f.projectId}/reports/${report}?${query(f)}` }),
  expected: VIEW,
}));

const lessonRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/lessons',
    request: (f) => ({ url: `/api/projects/${f.projectId}/lessons` }),
    expected: VIEW,
  },
  {
    method: 'POST',
    route: '/api/projects/:id/lessons',
    request: (f) => ({ url: `/api/projects/${f.projectId}/lessons`, payload: LESSON_INPUT }),
    expected: WORK(201),
  },
  {
    method: 'GET',
    route: '/api/lessons/:id',
    request: (f) => ({ url: `/api/lessons/${f.pendingLessonId}` }),
    expected: LESSON_READER,
  },
  {
    method: 'PUT',
    route: '/api/lessons/:id',
    request: (f) => ({ url: `/api/lessons/${f.pendingLessonId}`, payload: { title: 'Smaller commits' } }),
    expected: LESSON_AUTHOR(200),
  },
  {
    method: 'DELETE',
    route: '/api/lessons/:id',
    request: (f) => ({ url: `/api/lessons/${f.pendingLessonId}` }),
    expected: LESSON_AUTHOR(204),
  },
  ...(['approve', 'disapprove'] as const).map((decision): Row => ({
    method: 'POST',
    route: `/api/lessons/:id/${decision}`,
    request: (f) => ({
      url: `/api/lessons/${f.pendingLessonId}/${decision}`,
      payload: decision === 'disapprove' ? { reason: 'Too vague.' } : {},
    }),
    expected: LESSON_REVIEWER,
  })),
  ...(['unpublish', 'restore'] as const).map((decision): Row => ({
    method: 'POST',
    route: `/api/lessons/:id/${decision}`,
    request: (f) => ({
      url: `/api/lessons/${f.publishedLessonId}/${decision}`,
      payload: decision === 'unpublish' ? { reason: 'Outdated.' } : {},
    }),
    expected: PUBLISHED_REVIEWER,
  })),
  ...(['PUT', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/api/lessons/:id/vote',
    request: (f) => ({ url: `/api/lessons/${f.publishedLessonId}/vote` }),
    expected: PUBLISHED_OTHER_READER,
  })),
  {
    method: 'POST',
    route: '/api/lessons/:id/abuse',
    request: (f) => ({ url: `/api/lessons/${f.publishedLessonId}/abuse`, payload: {} }),
    expected: PUBLISHED_OTHER_READER,
  },
  {
    method: 'GET',
    route: '/api/lessons/:id/reports',
    request: (f) => ({ url: `/api/lessons/${f.publishedLessonId}/reports` }),
    expected: PUBLISHED_REVIEWER,
  },
];

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
