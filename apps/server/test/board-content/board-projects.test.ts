import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable, TEST_DIALECT } from '../helpers/database.js';
import { signIn, type TokenHeaders } from '../helpers/factories.js';
import { apiAs, type Api } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { QueryCounter } from '../helpers/query-counter.js';

const counter = new QueryCounter();

/**
 * The statements of a move once everything is remembered: the target column (locked on PostgreSQL),
 * the task with its column's name, the position, the update, the log, the version and the card;
 * BEGIN and COMMIT are not counted. So on SQLite's one-step move and on the ordinary move of either
 * database; PostgreSQL's one-step move sends three (db/pipeline.ts): the column's lock, one statement
 * that places, logs and bumps, and the card. It was 15 on SQLite and 17 on PostgreSQL: the session,
 * the membership, the task's project, the task again under a lock on both columns, both columns, and
 * the card's six relations one by one.
 */
const ORDINARY_MOVE = 7;
const ONE_STEP_MOVE = TEST_DIALECT === 'postgres' ? 3 : ORDINARY_MOVE;

/**
 * The board's project is remembered (db/remembered-projects.ts), as are a task's, a column's and an
 * hour entry's; the session and the caller's access to the project are remembered until a change
 * to them is announced (lib/change-stamps.ts), and so is the board's row (its version) until the
 * board changes.
 */
describe.skipIf(!isDatabaseAvailable)('GET /api/boards/:id with the board’s project remembered', () => {
  let c: BoardProject;
  let memberHeaders: TokenHeaders;
  let member: Api;
  beforeEach(async () => {
    c = await setUpBoardProject(await buildTestApp({ wrapDb: (db) => db.withPlugin(counter.plugin) }));
    memberHeaders = await signIn(c.t.app, 'member@uni.example');
    member = apiAs(c.t.app, memberHeaders);
  });
  afterEach(() => c?.t.close());

  const boardUrl = () => `/api/boards/${c.f.boardId}`;

  async function revalidate(headers: TokenHeaders) {
    const etag = String((await c.owner('GET', boardUrl())).headers.etag);
    return apiAs(c.t.app, headers, { 'if-none-match': etag })('GET', boardUrl());
  }

  it('answers a 304 with no query once the session, the access and the board’s version are remembered', async () => {
    const etag = String((await member('GET', boardUrl())).headers.etag);
    counter.reset();
    const response = await apiAs(c.t.app, memberHeaders, { 'if-none-match': etag })('GET', boardUrl());
    expect(response.statusCode).toBe(304);
    expect(counter.count).toBe(0);
  });

  it('refuses a member removed from the project at once', async () => {
    expect((await revalidate(memberHeaders)).statusCode).toBe(304);
    const removed = await c.owner('DELETE', `/api/projects/${c.projectId}/members/${c.memberId}`);
    expect(removed.statusCode).toBe(204);
    expect((await revalidate(memberHeaders)).statusCode).toBe(404);
    expect((await member('GET', boardUrl())).statusCode).toBe(404);
  });

  it('applies a role change at once', async () => {
    expect((await member('PUT', boardUrl(), { name: 'By the member' })).statusCode).toBe(200);
    const changed = await c.owner('PUT', `/api/projects/${c.projectId}/members/${c.memberId}`, {
      role: 'viewer',
    });
    expect(changed.statusCode).toBe(200);
    expect((await member('PUT', boardUrl(), { name: 'By a viewer' })).statusCode).toBe(403);
    expect((await revalidate(memberHeaders)).statusCode).toBe(304);
  });

  it('refuses a signed-out session at once', async () => {
    expect((await revalidate(memberHeaders)).statusCode).toBe(304);
    expect((await member('DELETE', '/api/auth/sign_out')).statusCode).toBe(204);
    expect((await revalidate(memberHeaders)).statusCode).toBe(401);
  });

  it('answers 200 with the new ETag once the board changed', async () => {
    const etag = String((await member('GET', boardUrl())).headers.etag);
    await c.owner('POST', `/api/tasks/${c.f.taskId}/move`, { column_id: c.f.otherColumnId });
    const response = await apiAs(c.t.app, memberHeaders, { 'if-none-match': etag })('GET', boardUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).not.toBe(etag);
  });

  it('answers 404 for a deleted board, to reads and writes, with or without an ETag', async () => {
    const etag = String((await member('GET', boardUrl())).headers.etag);
    expect((await c.owner('DELETE', boardUrl())).statusCode).toBe(204);
    const cached = apiAs(c.t.app, memberHeaders, { 'if-none-match': etag });
    expect((await cached('GET', boardUrl())).statusCode).toBe(404);
    expect((await member('GET', boardUrl())).statusCode).toBe(404);
    expect((await member('PUT', boardUrl(), { name: 'Gone' })).statusCode).toBe(404);
    expect((await member('POST', `${boardUrl()}/columns`, { name: 'Gone' })).statusCode).toBe(404);
  });

  it('answers 404, never 403, for a task and an hour entry deleted with their column once remembered', async () => {
    // Remembered by a first request each; then a viewer (who may read, not write) asks again.
    expect((await member('GET', `/api/tasks/${c.f.taskId}`)).statusCode).toBe(200);
    expect((await member('PUT', `/api/hours/${c.f.hourId}`, { hours: 1 })).statusCode).not.toBe(404);
    const changed = await c.owner('PUT', `/api/projects/${c.projectId}/members/${c.memberId}`, {
      role: 'viewer',
    });
    expect(changed.statusCode).toBe(200);
    expect((await member('PUT', `/api/tasks/${c.f.taskId}`, { title: 'By a viewer' })).statusCode).toBe(403);
    expect((await c.owner('DELETE', `/api/columns/${c.f.columnId}`)).statusCode).toBe(204);
    expect((await member('PUT', `/api/tasks/${c.f.taskId}`, { title: 'Gone' })).statusCode).toBe(404);
    expect((await member('PUT', `/api/hours/${c.f.hourId}`, { hours: 2 })).statusCode).toBe(404);
    expect((await member('GET', `/api/tasks/${c.f.taskId}`)).statusCode).toBe(404);
  });

  it('moves a task in seven statements once the session, the access and the task’s project are remembered', async () => {
    await c.owner('POST', `/api/tasks/${c.f.taskId}/move`, { column_id: c.f.otherColumnId });
    counter.reset();
    const moved = await c.owner('POST', `/api/tasks/${c.f.taskId}/move`, { column_id: c.f.columnId });
    expect(moved.statusCode).toBe(200);
    expect(counter.count).toBe(ONE_STEP_MOVE);
  });

  it('moves a task it has just created in seven statements: the task’s project is remembered at creation', async () => {
    const created = await c.owner('POST', `/api/columns/${c.f.columnId}/tasks`, { title: 'New card' });
    expect(created.statusCode).toBe(201);
    counter.reset();
    const moved = await c.owner('POST', `/api/tasks/${created.json().data.id}/move`, {
      column_id: c.f.otherColumnId,
    });
    expect(moved.statusCode).toBe(200);
    expect(counter.count).toBe(ONE_STEP_MOVE);
  });
});

describe.skipIf(!isDatabaseAvailable)('the ordinary move, chosen on purpose (no one-step writer)', () => {
  it('moves a task in seven statements once the session, the access and the task’s project are remembered', async () => {
    const c = await setUpBoardProject(
      await buildTestApp({ oneStep: false, wrapDb: (db) => db.withPlugin(counter.plugin) }),
    );
    try {
      await c.owner('POST', `/api/tasks/${c.f.taskId}/move`, { column_id: c.f.otherColumnId });
      await counter.quiet();
      counter.reset();
      const moved = await c.owner('POST', `/api/tasks/${c.f.taskId}/move`, { column_id: c.f.columnId });
      expect(moved.statusCode).toBe(200);
      expect(counter.count).toBe(ORDINARY_MOVE);
    } finally {
      await c.t.close();
    }
  });
});

/**
 * A second instance of the same deployment has not seen the first one's tasks: its first request on
 * a task reads the task's project, unless it has read the task's board since (the card was on it).
 */
describe.skipIf(!isDatabaseAvailable)('a task’s project on another instance', () => {
  let c: BoardProject;
  let second: TestApp | undefined;
  beforeEach(async () => {
    c = await setUpBoardProject(await buildTestApp());
    second = await buildTestApp({
      sharedDatabase: c.t.database,
      wrapDb: (db) => db.withPlugin(counter.plugin),
    });
  });
  afterEach(async () => {
    await second?.close();
    await c?.t.close();
  });

  async function firstMoveOnSecond(readBoardFirst: boolean): Promise<number> {
    const owner = apiAs(second!.app, await signIn(second!.app, 'owner@uni.example'));
    // Remembers the session and the owner's access on the second instance.
    expect((await owner('GET', `/api/projects/${c.projectId}`)).statusCode).toBe(200);
    if (readBoardFirst) expect((await owner('GET', `/api/boards/${c.f.boardId}`)).statusCode).toBe(200);
    await counter.quiet();
    counter.reset();
    const moved = await owner('POST', `/api/tasks/${c.f.taskId}/move`, { column_id: c.f.otherColumnId });
    expect(moved.statusCode).toBe(200);
    return counter.count;
  }

  it('reads it once before the first move of a card it has not seen', async () => {
    expect(await firstMoveOnSecond(false)).toBe(ONE_STEP_MOVE + 1);
  });

  it('knows it from a read of the whole board', async () => {
    expect(await firstMoveOnSecond(true)).toBe(ONE_STEP_MOVE);
  });
});
