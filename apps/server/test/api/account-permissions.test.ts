import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ACTORS,
  ACCOUNT_ROWS,
  type AccountActor,
  type AccountContext,
  type AccountRow,
  type Whose,
} from '../helpers/account-permission-rows.js';
import { createBoardFixture, pngBytes } from '../helpers/boards.js';
import { insertKnowledgeForm } from '../helpers/knowledge.js';
import { insertCourseTemplate } from '../helpers/course-templates.js';
import { insertDashboardTarget } from '../helpers/admin-users.js';
import { insertAssistantConversation, previewPath } from '../helpers/assistant.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../helpers/factories.js';
import { multipartFile } from '../helpers/multipart.js';
import {
  expectErrorShape,
  MatrixTally,
  sampleActors,
  snapshotAll,
  withHeadRows,
} from '../helpers/permission-matrix.js';
import { apiAs, setAccount } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** The path and query of a link the API answers (absolute or not). */
function pathOf(link: string): string {
  const url = new URL(link, 'http://localhost');
  return url.pathname + url.search;
}

/**
 * The permission matrix of the routes that do not act on a project: every actor on their own
 * resources and, where a route names one, on another user's (a folder) or on a tampered link.
 */
describe.skipIf(!isDatabaseAvailable)('the permission matrix on every account route', () => {
  let t: TestApp;
  const tally = new MatrixTally();
  const headers = {} as Record<Exclude<AccountActor, 'signed_out'>, TokenHeaders>;
  const setUpFolders = {} as Record<'user' | 'blocked' | 'other', number>;
  const staffIds = {} as Record<'teacher' | 'other', number>;
  const accountIds = {} as Record<Exclude<AccountActor, 'signed_out'> | 'other', number>;
  let avatarPath: string;
  let attachmentPath: string;
  let publicProjectId: number;
  let caseNumber = 0;

  async function folderOf(actorHeaders: TokenHeaders, name: string): Promise<number> {
    const response = await apiAs(t.app, actorHeaders)('POST', '/api/folders', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const emails = { user: 'user', teacher: 'teacher', admin: 'admin', blocked: 'blocked', other: 'other' };
    const ids = {} as Record<keyof typeof emails, number>;
    for (const name of [...Object.keys(emails), 'walker'] as const) {
      const created = await createUser(t.db, { email: `${name}@uni.example` });
      if (name !== 'walker') ids[name as keyof typeof emails] = created.id;
    }
    Object.assign(accountIds, ids);
    await setAccount(t.db, ids.teacher, { account_type: 'teacher', max_projects: null });
    staffIds.teacher = ids.teacher;
    staffIds.other = ids.other;
    await setAccount(t.db, ids.admin, { account_type: 'admin', max_projects: null });
    for (const name of ['user', 'teacher', 'admin', 'blocked'] as const) {
      headers[name] = await signIn(t.app, `${name}@uni.example`);
    }
    const otherHeaders = await signIn(t.app, 'other@uni.example');
    const other = apiAs(t.app, otherHeaders);
    setUpFolders.user = await folderOf(headers.user, 'Kept');
    setUpFolders.blocked = await folderOf(headers.blocked, 'Kept');
    setUpFolders.other = await folderOf(otherHeaders, 'Theirs');
    avatarPath = pathOf((await postAvatar(otherHeaders)).json().data.image);
    const projectId = (await other('POST', '/api/projects', { name: 'Theirs' })).json().data.id as number;
    publicProjectId = projectId;
    const board = await createBoardFixture(t.app, projectId, other, other, otherHeaders);
    const listed = await other('GET', `/api/tasks/${board.taskId}/attachments`);
    attachmentPath = pathOf(listed.json().data[0].url);
    // Blocked after signing in: the session exists, the account may no longer use it.
    await t.db
      .updateTable('users')
      .set({ blocked_at: '2026-11-22T09:00:00.000Z' })
      .where('id', '=', ids.blocked)
      .execute();
  });
  afterAll(async () => {
    console.log(tally.summary('permission matrix (account routes)'));
    await t?.close();
  });

  async function postAvatar(actorHeaders: TokenHeaders | null) {
    const body = multipartFile('file', 'me.png', 'image/png', await pngBytes());
    return t.app.inject({
      method: 'POST',
      url: '/api/users/image',
      headers: { ...(actorHeaders ?? {}), ...body.headers },
      payload: body.payload,
    });
  }

  /** The headers a case sends; a call that ends its session gets a session of its own. */
  async function headersFor(actor: AccountActor, row: AccountRow): Promise<TokenHeaders | null> {
    if (actor === 'signed_out') return null;
    if (row.endsSession && actor !== 'blocked') return signIn(t.app, `${actor}@uni.example`);
    return headers[actor];
  }

  async function assistantContext(actor: AccountActor) {
    const own = await insertAssistantConversation(t.db, accountIds[actor === 'signed_out' ? 'user' : actor]);
    const foreign = await insertAssistantConversation(t.db, accountIds.other);
    return { assistant: { own, foreign }, previewPath: previewPath(t.config.secretKey, own.messageId) };
  }

  async function contextFor(actor: AccountActor): Promise<AccountContext> {
    caseNumber += 1;
    const isActive = actor !== 'signed_out' && actor !== 'blocked';
    return {
      ownFolderId: isActive
        ? await folderOf(headers[actor], `Case ${caseNumber}`)
        : setUpFolders[actor === 'blocked' ? 'blocked' : 'user'],
      otherFolderId: setUpFolders.other,
      uniqueEmail: `newcomer${caseNumber}@uni.example`,
      avatarPath,
      attachmentPath,
      knowledge: {
        own: await insertKnowledgeForm(t.db, { createdBy: staffIds.teacher }),
        foreign: await insertKnowledgeForm(t.db, { createdBy: staffIds.other, section: 'Nobody' }),
      },
      dashboardTarget: await insertDashboardTarget(t.db, caseNumber),
      courseTemplates: {
        own: await insertCourseTemplate(t.db, staffIds.teacher),
        foreign: await insertCourseTemplate(t.db, staffIds.other),
      },
      publicProjectId,
      ...(await assistantContext(actor)),
    };
  }

  // The whole matrix under `npm run test:matrix`; a sample covering every row's every outcome otherwise.
  const cases = withHeadRows(ACCOUNT_ROWS).flatMap((row, index) =>
    (Object.keys(row.expected) as Whose[]).flatMap((whose) =>
      sampleActors(ACCOUNT_ACTORS, (actor) => row.expected[whose]![actor], index).map(
        (actor) => [row.method, row.route, actor, whose, row] as const,
      ),
    ),
  );
  it.each(cases)('%s %s as %s on their %s resource', async (_method, _route, actor, whose, row) => {
    const context = await contextFor(actor);
    const { url, payload, multipart } = row.request(context, whose);
    const actorHeaders = await headersFor(actor, row);
    const before = await snapshotAll(t.db);
    const response = multipart
      ? await postAvatar(actorHeaders)
      : await t.app.inject({
          method: row.method,
          url,
          headers: actorHeaders ?? {},
          // One address per case, so the per-address mail and sign-in limits never interfere.
          remoteAddress: `10.0.${caseNumber >> 8}.${caseNumber & 255}`,
          ...(payload ? { payload } : {}),
        });
    const expected = row.expected[whose]![actor];
    tally.record(expected, response.statusCode);
    expect(response.statusCode, response.body).toBe(expected);
    if (response.statusCode >= 400) {
      if (row.method !== 'HEAD') expectErrorShape(response);
      expect(await snapshotAll(t.db)).toEqual(before);
    }
  });
});
