import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock.js';
import type { RoutePolicy } from '../../src/access/route-policy.js';
import { createBoardFixture, pngBytes } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, PASSWORD, signIn, type TokenHeaders } from '../helpers/factories.js';
import { startFakeHost, type FakeHost } from '../helpers/fake-code-hosts.js';
import { startLoopbackOidc, type LoopbackOidc } from '../../../../e2e/support/oidc-provider.js';
import { hashToken, randomToken } from '../../src/lib/tokens.js';
import { insertAssistantConversation } from '../helpers/assistant.js';
import { insertKnowledgeForm } from '../helpers/knowledge.js';
import { insertCourseTemplate } from '../helpers/course-templates.js';
import { tokenFromLink } from '../helpers/mailbox.js';
import {
  evaluationInput,
  STANDUP,
  WRITE_ROWS,
  type WriteContext,
  type WriteRow,
} from '../helpers/mass-assignment-rows.js';
import { sampleRotating } from '../helpers/permission-matrix.js';
import { addMember, apiAs, defaultFolderId, setAccount } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Mass assignment: every write route, called by the least-privileged actor its policy admits with a
 * valid body plus one server-managed field. Whether the schema strips the field or refuses the body,
 * the injected value must appear nowhere in the database afterwards.
 */
const DATE = '1999-09-09T09:09:09.000Z';
const INJECTED: Record<string, unknown> = {
  id: 987_001,
  project_id: 987_002,
  user_id: 987_003,
  owner_id: 987_004,
  owner: 987_005,
  created_by: 987_006,
  max_projects: 987_007,
  version: 987_008,
  position: 987_009,
  total_hours: 987_010,
  board_id: 987_011,
  storage_key: 'injected-storage-key',
  created_at: DATE,
  updated_at: DATE,
  confirmed_at: DATE,
  blocked_at: DATE,
  // Realistic values: caught by the invariants below rather than by a scan.
  role: 'owner',
  account_type: 'admin',
  votes: 987_012,
  views: 987_013,
  abuse: 987_014,
  author_id: 987_015,
  published_at: DATE,
  submitted_at: DATE,
};
const FIELDS = Object.keys(INJECTED);
const SCANNED = FIELDS.filter((field) => field !== 'role' && field !== 'account_type');
const TABLES = [
  'users',
  'auth_sessions',
  'user_tokens',
  'folders',
  'projects',
  'project_members',
  'project_invitations',
  'activities',
  'labels',
  'milestones',
  'milestone_snapshots',
  'boards',
  'board_labels',
  'columns',
  'tasks',
  'task_assignees',
  'task_labels',
  'task_commits',
  'task_logs',
  'hours',
  'comments',
  'checklist_items',
  'attachments',
  'lessons',
  'lesson_tags',
  'lesson_votes',
  'lesson_views',
  'lesson_reports',
  'standups',
  'knowledge_forms',
  'knowledge_items',
  'knowledge_answers',
  'terms_versions',
  'evaluations',
  'evaluation_members',
  'evaluation_questions',
  'evaluation_responses',
  'evaluation_answers',
  'evaluation_reminders',
  'repositories',
  'commits',
  'pull_requests',
  'assistant_conversations',
  'assistant_batches',
  'assistant_messages',
  'lesson_feedback',
  'assistant_settings',
  'course_templates',
  'course_template_projects',
] as const;

type Actor = 'signed_out' | 'walker' | 'viewer' | 'member' | 'owner' | 'invitee' | 'admin';

/** The least-privileged actor each policy admits. */
function actorFor(policy: RoutePolicy | undefined): Actor {
  if (policy === 'public' || policy === 'signed_link') return 'signed_out';
  if (policy === 'signed_in') return 'walker';
  if (policy === 'project.view' || policy === 'project.quit' || policy === 'evaluations.answer')
    return 'viewer';
  if (policy === 'work.edit' || policy === 'work.report_own') return 'member';
  if (policy === 'invitation.invitee') return 'invitee';
  // The context's lessons are written by the member; the one readers act on is published.
  if (policy === 'lesson.author') return 'member';
  if (policy === 'lesson.reader') return 'walker';
  if (policy === 'lesson.reviewer' || policy === 'admin' || policy === 'staff') return 'admin';
  return 'owner';
}

function cellHolds(cell: unknown, value: unknown): boolean {
  if (cell === null || cell === undefined) return false;
  if (typeof value === 'number') return Number(cell) === value;
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  return value === DATE ? text.startsWith('1999-09-09') : text.includes(String(value));
}

describe.skipIf(!isDatabaseAvailable)('mass assignment on every write route', () => {
  let t: TestApp;
  const headers = {} as Record<Exclude<Actor, 'signed_out'>, TokenHeaders>;
  let context: WriteContext;
  const persisted: string[] = [];
  let tried = 0;
  let sequence = 0;
  let oauthHost: FakeHost;
  let oidc: LoopbackOidc;
  const OIDC_CLIENT = {
    client_id: 'teamboard',
    client_secret: 'mass-oidc-secret',
    redirect_uris: ['https://spec-client.example/back'],
  };

  beforeAll(async () => {
    // GitHub's OAuth token endpoint on loopback, so the /github/{id} callback can succeed.
    oauthHost = await startFakeHost();
    oauthHost.route('/login/oauth/access_token', () => ({ body: { access_token: 'gho_massAssignment' } }));
    // An OpenID Connect provider on loopback, for the sign-in routes (test/features/oidc/oidc.test.ts).
    oidc = await startLoopbackOidc([OIDC_CLIENT]);
    oidc.account = { sub: 'mass-walker', email: 'walker@uni.example', email_verified: true, name: 'Walker' };
    t = await buildTestApp({
      env: {
        // Every field of both chat routes is one question of the walker's, in one minute of the test clock.
        ASSISTANT_QUESTIONS_PER_MINUTE: '1000',
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: OIDC_CLIENT.client_id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.client_secret,
        GITHUB_CLIENT_ID: 'Iv1.mass',
        GITHUB_CLIENT_SECRET: 'mass-secret',
        GITHUB_OAUTH_URL: oauthHost.baseUrl,
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      },
    });
    const ids = {} as Record<string, number>;
    for (const name of ['owner', 'member', 'viewer', 'invitee', 'walker', 'resetter', 'admin']) {
      ids[name] = (await createUser(t.db, { email: `${name}@uni.example` })).id;
    }
    await setAccount(t.db, ids.owner!, { max_projects: null });
    await setAccount(t.db, ids.walker!, { max_projects: null });
    await setAccount(t.db, ids.admin!, { account_type: 'admin' });
    for (const name of ['owner', 'member', 'viewer', 'invitee', 'walker', 'admin'] as const) {
      headers[name] = await signIn(t.app, `${name}@uni.example`);
    }
    const owner = apiAs(t.app, headers.owner);
    const member = apiAs(t.app, headers.member);
    const projectId = (await owner('POST', '/api/projects', { name: 'Target' })).json().data.id as number;
    for (const role of ['member', 'viewer'] as const) {
      const folderId = await defaultFolderId(apiAs(t.app, headers[role]));
      await addMember(t.db, { projectId, userId: ids[role]!, role, folderId });
    }
    const f = await createBoardFixture(t.app, projectId, owner, member, headers.owner);
    const walkerFolder = await apiAs(t.app, headers.walker)('POST', '/api/folders', { name: 'Mine' });
    context = {
      f: { ...f, projectId },
      walkerFolderId: walkerFolder.json().data.id as number,
      memberId: ids.member!,
      inviteeFolderId: await defaultFolderId(apiAs(t.app, headers.invitee)),
      fresh: freshResources(projectId, ids.viewer!),
    };
  });
  afterAll(async () => {
    console.log(
      `mass assignment: ${WRITE_ROWS.length} routes × ${FIELDS.length} fields, ${tried} calls, ${persisted.length} persisted`,
    );
    await t?.close();
    await oauthHost?.close();
    await oidc?.close();
  });

  function freshResources(projectId: number, viewerId: number): WriteContext['fresh'] {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
    const email = () => `fresh${++sequence}@uni.example`;
    async function signUp(): Promise<string> {
      const address = email();
      await post('/api/auth', {
        name: 'Fresh',
        email: address,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_accepted: true,
      });
      return address;
    }
    const writeLesson = async (published: boolean) => {
      const written = await apiAs(t.app, headers.member)('POST', `/api/projects/${projectId}/lessons`, {
        ...{ title: 'Small commits', problem: 'Slow reviews.', solution: 'Commit small.' },
        ...{ tags: ['git'], language: 'en', submit: true },
      });
      const id = written.json().data.lesson_id as number;
      if (published) await apiAs(t.app, headers.admin)('POST', `/api/lessons/${id}/approve`);
      return id;
    };
    /** A new project of the owner's with the member in it (who has no stand-up there yet). */
    const standupProject = async () => {
      const owner = apiAs(t.app, headers.owner);
      const id = (await owner('POST', '/api/projects', { name: 'Stand-ups' })).json().data.id as number;
      const folderId = await defaultFolderId(apiAs(t.app, headers.member));
      await addMember(t.db, { projectId: id, userId: context.memberId, role: 'member', folderId });
      return id;
    };
    const linkRepository = (payload: object) =>
      apiAs(t.app, headers.owner)('POST', `/api/projects/${projectId}/repositories`, {
        url: `course/app-${++sequence}`,
        ...payload,
      });
    return {
      email,
      async repository() {
        const id = (await linkRepository({ provider: 'gitlab' })).json().data.id as number;
        const hook = await apiAs(t.app, headers.owner)('GET', `/api/repositories/${id}/webhook`);
        return { id, secret: hook.json().data.secret as string };
      },
      async githubOauthState() {
        const linked = await linkRepository({ provider: 'github', authorize: true });
        return new URL(linked.json().authorize_url as string).searchParams.get('state')!;
      },
      pendingLessonId: () => writeLesson(false),
      publishedLessonId: () => writeLesson(true),
      standupProjectId: standupProject,
      async knowledgeForm() {
        const admin = await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'admin@uni.example')
          .executeTakeFirstOrThrow();
        return insertKnowledgeForm(t.db, { createdBy: admin.id });
      },
      async oidcCode(kind) {
        const code = randomToken();
        const walker = await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'walker@uni.example')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('oidc_handoffs')
          .values({
            code_hash: hashToken(t.config.secretKey, code),
            user_id: kind === 'walker' ? walker.id : null,
            issuer: oidc.issuer,
            subject: kind === 'walker' ? 'mass-walker' : `mass-${code}`,
            email: kind === 'walker' ? 'walker@uni.example' : email(),
            name: 'Fresh Person',
            expires_at: '2099-01-01T00:00:00.000Z',
            used_at: null,
            created_at: '2026-11-22T10:00:00.000Z',
          })
          .execute();
        return code;
      },
      oidcAccessToken: () => oidc.accessToken(OIDC_CLIENT),
      async assistantConversation() {
        const walker = await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'walker@uni.example')
          .executeTakeFirstOrThrow();
        return insertAssistantConversation(t.db, walker.id);
      },
      async termsDraft() {
        await t.db.deleteFrom('terms_versions').where('version', 'is', null).execute();
        const current = await t.db
          .selectFrom('terms_versions')
          .select((eb) => eb.fn.max('version').as('version'))
          .executeTakeFirstOrThrow();
        const next = Number(current.version) + 1;
        await t.db
          .insertInto('terms_versions')
          .values({ body_en: 'Next', body_es: 'Siguiente', updated_at: '2026-11-22T10:00:00.000Z' })
          .execute();
        await t.db.updateTable('users').set({ terms_version: next }).execute();
        return next - 1;
      },
      async standupId() {
        const id = await standupProject();
        const written = await apiAs(t.app, headers.member)('POST', `/api/projects/${id}/standups`, STANDUP);
        return written.json().data.id as number;
      },
      async evaluationId(state) {
        const owner = apiAs(t.app, headers.owner);
        const memberIds = [context.memberId, viewerId];
        const written = await owner(
          'POST',
          `/api/projects/${projectId}/evaluations`,
          evaluationInput(memberIds),
        );
        const id = written.json().data.id as number;
        if (state === 'sent') await owner('POST', `/api/evaluations/${id}/send`);
        return id;
      },
      async invitationId() {
        const owner = apiAs(t.app, headers.owner);
        const projectId = (await owner('POST', '/api/projects', { name: 'Inviting' })).json().data
          .id as number;
        const invited = await owner('POST', `/api/projects/${projectId}/invitations`, {
          email: 'invitee@uni.example',
          role: 'member',
        });
        return invited.json().data.id as number;
      },
      async confirmationToken() {
        return tokenFromLink(t.mail.lastTo(await signUp()).links[0]!);
      },
      unconfirmedEmail: signUp,
      async account(options = {}) {
        const user = await createUser(t.db, options);
        return { id: user.id, email: user.email };
      },
      async courseTemplate() {
        const admin = await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'admin@uni.example')
          .executeTakeFirstOrThrow();
        return insertCourseTemplate(t.db, admin.id);
      },
      async failedJobId() {
        const now = t.clock.now().toISOString();
        const job = await t.db
          .insertInto('jobs')
          .values({
            ...{ kind: 'report', key: `report:${++sequence}`, state: 'failed', attempts: 8 },
            ...{ run_after: now, last_error: 'gave up', created_at: now, updated_at: now },
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return job.id;
      },
      async resetToken() {
        t.clock.advance(HOUR_MS);
        await post('/api/users/forgot', { email: 'resetter@uni.example' });
        return tokenFromLink(t.mail.lastTo('resetter@uni.example').links[0]!);
      },
    };
  }

  /** One address per call, so the per-address limits of sign-in and mail never interfere. */
  function nextAddress(): string {
    sequence += 1;
    return `10.1.${(sequence >> 8) & 255}.${sequence & 255}`;
  }

  /** Every cell holding `value`, as table.column#row. */
  async function injectedCells(value: unknown): Promise<Set<string>> {
    const found = new Set<string>();
    for (const table of TABLES) {
      const rows = (await t.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
      rows.forEach((row, index) => {
        for (const [column, cell] of Object.entries(row)) {
          if (cellHolds(cell, value)) found.add(`${table}.${column}#${String(row.id ?? index)}`);
        }
      });
    }
    return found;
  }

  /** Roles and account types that only the server grants: who holds them, before and after. */
  async function privileges() {
    const users = await t.db.selectFrom('users').select(['id', 'account_type', 'max_projects']).execute();
    const owners = await t.db
      .selectFrom('project_members')
      .select(['project_id', 'user_id'])
      .where('role', '=', 'owner')
      .execute();
    const projects = await t.db.selectFrom('projects').select('id').execute();
    return {
      users: new Map(users.map((user) => [user.id, `${user.account_type}:${user.max_projects}`])),
      elevated: users.filter((user) => user.account_type !== 'user').map((user) => user.id),
      owners: owners.map((row) => `${row.project_id}:${row.user_id}`),
      projects: new Set(projects.map((project) => project.id)),
    };
  }

  /** The row's valid request as `actor`, with one injected field (or none). */
  async function send(row: WriteRow, actor: Actor, field: string | null) {
    if (row.route.startsWith('/api/users/')) t.clock.advance(HOUR_MS); // the per-address mail limit
    const { url, payload, multipart, headers: rowHeaders } = await row.request(context);
    const actorHeaders = actor === 'signed_out' ? {} : headers[actor];
    if (multipart) {
      const body = multipartWithField(field, await pngBytes());
      return t.app.inject({
        method: row.method,
        url,
        headers: { ...actorHeaders, ...body.headers },
        payload: body.payload,
      });
    }
    return t.app.inject({
      method: row.method,
      url,
      headers: { ...actorHeaders, ...rowHeaders },
      payload: field ? { ...payload, [field]: INJECTED[field] } : payload,
      remoteAddress: nextAddress(),
    });
  }

  it('has a row for every POST, PUT and PATCH route the app registers', () => {
    const writes = t.app.routePolicies
      .filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && route.url.startsWith('/api'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(WRITE_ROWS.map((row) => `${row.method} ${row.route}`).sort()).toEqual(writes);
  });

  it.each(WRITE_ROWS.map((row) => [row.method, row.route, row] as const))(
    '%s %s accepts its valid body from the least-privileged caller',
    async (_method, route, row) => {
      const policy = t.app.routePolicies.find((r) => r.method === row.method && r.url === route)?.permission;
      const response = await send(row, actorFor(policy), null);
      expect(response.statusCode, response.body).toBeLessThan(300);
    },
  );

  // Every field on every route under `npm run test:matrix`; five rotating fields per route otherwise.
  const cases = WRITE_ROWS.flatMap((row, index) =>
    sampleRotating(
      FIELDS.filter((field) => !row.clientFields?.includes(field)),
      5,
      index,
    ).map((field) => [row.method, row.route, field, row] as const),
  );
  it.each(cases)('%s %s with %s', async (_method, route, field, row) => {
    const policy = t.app.routePolicies.find((r) => r.method === row.method && r.url === route)?.permission;
    const actor = actorFor(policy);
    const scanned = SCANNED.includes(field);
    const before = await privileges();
    const cellsBefore = scanned ? await injectedCells(INJECTED[field]) : new Set<string>();
    const response = await send(row, actor, field);
    tried += 1;
    // Refused (422 for a strict schema) or done; a refusal for any other reason would prove nothing.
    expect([200, 201, 202, 204, 422], `${actor}: ${response.body}`).toContain(response.statusCode);
    const after = await privileges();
    const leaks = [
      ...[...(scanned ? await injectedCells(INJECTED[field]) : [])].filter((cell) => !cellsBefore.has(cell)),
      ...[...before.users]
        .filter(([id, value]) => after.users.get(id) !== value)
        .map(([id]) => `users#${id}`),
      ...after.elevated.filter((id) => !before.elevated.includes(id)).map((id) => `users#${id}.account_type`),
      ...after.owners
        .filter((pair) => !before.owners.includes(pair) && before.projects.has(Number(pair.split(':')[0])))
        .map((pair) => `project_members ${pair} owner`),
    ];
    if (leaks.length > 0) persisted.push(`${row.method} ${route} ${field}: ${leaks.join(', ')}`);
    expect(leaks, `${row.method} ${route} ${field}`).toEqual([]);
  });
});

/** A multipart body with one file part, after the injected field as a text part when there is one. */
function multipartWithField(field: string | null, data: Buffer) {
  const boundary = '----teamboard-mass-assignment';
  const text = field
    ? `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${String(INJECTED[field])}\r\n`
    : '';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(text + head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
