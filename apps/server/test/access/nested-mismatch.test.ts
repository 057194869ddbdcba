import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardFixture, type BoardFixture } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, signIn } from '../helpers/factories.js';
import { expectErrorShape, MatrixTally, snapshotAll } from '../helpers/permission-matrix.js';
import { apiAs, defaultFolderId, type Api, type Method } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

type Call = [Method, string, object?];

/**
 * Parent/child mismatches: ids of another project (or another user, or another board) in the path
 * or the body of a route the caller may otherwise use. Each is refused with a 4xx in the error
 * shape, and the database is the same afterwards.
 */
describe.skipIf(!isDatabaseAvailable)('resources of another project in the path or the body', () => {
  let t: TestApp;
  const tally = new MatrixTally();
  let ana: Api;
  let bob: Api;
  let bobId: number;
  let mine: number;
  let theirs: number;
  let a: BoardFixture;
  let b: BoardFixture;
  /** Another board of Ana's own project, with one column. */
  let otherBoardColumnId: number;
  let bobFolderId: number;
  /** Bob's invitation of Ana to his project. */
  let invitationId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example' });
    bobId = (await createUser(t.db, { email: 'bob@uni.example' })).id;
    const anaHeaders = await signIn(t.app, 'ana@uni.example');
    const bobHeaders = await signIn(t.app, 'bob@uni.example');
    ana = apiAs(t.app, anaHeaders);
    bob = apiAs(t.app, bobHeaders);
    mine = (await ana('POST', '/api/projects', { name: 'Mine' })).json().data.id as number;
    theirs = (await bob('POST', '/api/projects', { name: 'Theirs' })).json().data.id as number;
    a = await createBoardFixture(t.app, mine, ana, ana, anaHeaders);
    b = await createBoardFixture(t.app, theirs, bob, bob, bobHeaders);
    const otherBoard = (await ana('POST', `/api/projects/${mine}/boards`, { name: 'Second' })).json().data.id;
    otherBoardColumnId = (
      await ana('POST', `/api/boards/${otherBoard}/columns`, { name: 'Elsewhere' })
    ).json().data.id as number;
    bobFolderId = await defaultFolderId(bob);
    const invited = await bob('POST', `/api/projects/${theirs}/invitations`, {
      email: 'ana@uni.example',
      role: 'member',
    });
    invitationId = invited.json().data.id as number;
  });
  afterAll(async () => {
    console.log(tally.summary('parent/child mismatches'));
    await t?.close();
  });

  async function expectRefused(calls: Call[], status?: number, code?: string): Promise<void> {
    const before = await snapshotAll(t.db);
    for (const [method, url, payload] of calls) {
      const response = await ana(method, url, payload);
      tally.record(status ?? 404, response.statusCode);
      const label = `${method} ${url} ${JSON.stringify(payload ?? {})}: ${response.body}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      if (status) expect(response.statusCode, label).toBe(status);
      if (code) expect(response.json().code, label).toBe(code);
      expectErrorShape(response);
    }
    expect(await snapshotAll(t.db)).toEqual(before);
  }

  it('answers 404 for a task, column, board… of a project the caller is not in, and changes nothing', async () => {
    await expectRefused(
      [
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
        ['GET', `/api/tasks/999999`],
      ],
      404,
      'NOT_FOUND',
    );
  });

  it('refuses moving an own task into another project’s column, another board’s column, or beside a foreign task', async () => {
    await expectRefused([
      ['POST', `/api/tasks/${a.taskId}/move`, { column_id: b.columnId }],
      ['POST', `/api/tasks/${a.taskId}/move`, { column_id: otherBoardColumnId }],
      ['POST', `/api/tasks/${a.taskId}/move`, { column_id: a.otherColumnId, after_id: b.taskId }],
      ['POST', `/api/tasks/${a.taskId}/move`, { column_id: a.otherColumnId, before_id: b.taskId }],
    ]);
  });

  it('refuses another project’s label or milestone, and a non-member assignee, on an own task', async () => {
    await expectRefused([
      ['PUT', `/api/tasks/${a.taskId}`, { labels: [b.labelId] }],
      ['PUT', `/api/tasks/${a.taskId}`, { labels: [a.labelId, b.labelId] }],
      ['PUT', `/api/tasks/${a.taskId}`, { milestone_id: b.milestoneId }],
      ['PUT', `/api/tasks/${a.taskId}`, { assigned: [bobId] }],
    ]);
  });

  it('refuses another project’s label on an own board', async () => {
    await expectRefused([
      ['POST', `/api/projects/${mine}/boards`, { name: 'Mixed', labels: [b.labelId] }],
      ['PUT', `/api/boards/${a.boardId}`, { labels: [b.labelId] }],
    ]);
  });

  it('refuses another user’s folder for a new project, a placement or an accepted invitation', async () => {
    await expectRefused([
      ['POST', '/api/projects', { name: 'Filed elsewhere', folder_id: bobFolderId }],
      ['PUT', `/api/projects/${mine}/placement`, { folder_id: bobFolderId }],
      ['POST', `/api/project_invitations/${invitationId}/accept_invitation`, { folder_id: bobFolderId }],
    ]);
  });

  it('refuses changing or removing a user who is not a member of the caller’s project', async () => {
    await expectRefused([
      ['PUT', `/api/projects/${mine}/members/${bobId}`, { role: 'viewer' }],
      ['DELETE', `/api/projects/${mine}/members/${bobId}`],
    ]);
  });
});
