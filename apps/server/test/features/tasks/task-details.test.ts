import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBoardFixture, type BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

describe.skipIf(!isDatabaseAvailable)('hours, comments, checklist, labels and milestones', () => {
  let t: TestApp;
  let owner: Api;
  let member: Api;
  let memberEs: Api;
  let projectId: number;
  let f: BoardFixture;

  beforeEach(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'owner@uni.example' });
    const m = await createUser(t.db, { email: 'member@uni.example', name: 'Mario' });
    const ownerHeaders = await signIn(t.app, 'owner@uni.example');
    owner = apiAs(t.app, ownerHeaders);
    const memberHeaders = await signIn(t.app, 'member@uni.example');
    member = apiAs(t.app, memberHeaders);
    memberEs = apiAs(t.app, memberHeaders, { 'accept-language': 'es' });
    projectId = (await owner('POST', '/api/projects', { name: 'P' })).json().data.id;
    await addMember(t.db, {
      projectId,
      userId: m.id,
      role: 'member',
      folderId: await defaultFolderId(member),
    });
    f = await createBoardFixture(t.app, projectId, owner, member, ownerHeaders);
  });
  afterEach(() => t?.close());

  const totalHours = async () => (await owner('GET', `/api/tasks/${f.taskId}`)).json().data.total_hours;

  it('keeps total_hours equal to the sum of the hours', async () => {
    expect(await totalHours()).toBe(2);
    const own = await owner('POST', `/api/tasks/${f.taskId}/hours`, { hours: 1.5, date: '2026-11-21' });
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ hours: 1.5, date: '2026-11-21', user_name: expect.any(String) });
    expect(await totalHours()).toBe(3.5);
    expect((await member('PUT', `/api/hours/${f.hourId}`, { hours: 0.5 })).statusCode).toBe(200);
    expect(await totalHours()).toBe(2);
    expect((await owner('DELETE', `/api/hours/${f.hourId}`)).statusCode).toBe(204);
    expect(await totalHours()).toBe(1.5);
    const list = await owner('GET', `/api/tasks/${f.taskId}/hours`);
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses bad hours with a localized message and changes nothing', async () => {
    const other = (await member('POST', '/api/projects', { name: 'Mine' })).json().data.id;
    const otherFixture = await createBoardFixture(
      t.app,
      other,
      member,
      member,
      await signIn(t.app, 'member@uni.example'),
    );
    const ownHour = (
      await owner('POST', `/api/tasks/${f.taskId}/hours`, { hours: 1, date: '2026-11-21' })
    ).json().data.id;
    const before = await snapshot(t.db);
    const cases: [string, string, object, number, string][] = [
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: -1, date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: 0, date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: 24.5, date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: '3', date: '2026-11-21' }, 422, 'HOURS_NOT_VALID'],
      ['POST', `/api/tasks/${f.taskId}/hours`, { hours: 1, date: '2026-02-30' }, 422, 'DATE_NOT_VALID'],
      ['PUT', `/api/hours/${ownHour}`, { hours: 2 }, 403, 'FORBIDDEN'], // the owner's entry
      ['DELETE', `/api/hours/${ownHour}`, {}, 403, 'FORBIDDEN'],
      ['PUT', `/api/hours/${f.hourId}`, { hours: 25 }, 422, 'HOURS_NOT_VALID'],
    ];
    for (const [method, url, payload, code, errorCode] of cases) {
      const response = await memberEs(method as 'POST', url, method === 'DELETE' ? undefined : payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(code);
      expect(response.json().code).toBe(errorCode);
      expect(response.json().errors[0]).toEqual(expect.any(String));
    }
    // Hours for a task of another project: the owner is not a member of it.
    const foreign = await owner('POST', `/api/tasks/${otherFixture.taskId}/hours`, {
      hours: 1,
      date: '2026-11-21',
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
    const es = await memberEs('POST', `/api/tasks/${f.taskId}/hours`, { hours: -1, date: '2026-11-21' });
    const en = await member('POST', `/api/tasks/${f.taskId}/hours`, { hours: -1, date: '2026-11-21' });
    expect(es.json().errors[0]).not.toBe(en.json().errors[0]);
  });

  it('stores Markdown comments verbatim and returns them as JSON text', async () => {
    const text =
      '<script>alert(1)</script>\n<iframe src="https://evil.example"></iframe>\n[click](javascript:alert(1))';
    const created = await member('POST', `/api/tasks/${f.taskId}/comments`, { text });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.json().data.text).toBe(text);
    const list = await owner('GET', `/api/tasks/${f.taskId}/comments`);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().data.map((x: { text: string }) => x.text)).toContain(text);
    expect(list.json().data[0]).toMatchObject({ user_name: 'Mario', user_image: null });
    // Own with work.edit, anyone's with work.moderate.
    expect((await owner('PUT', `/api/comments/${f.commentId}`, { text: 'moderated' })).json().data.text).toBe(
      'moderated',
    );
    const ownerComment = (await owner('POST', `/api/tasks/${f.taskId}/comments`, { text: 'mine' })).json()
      .data.id;
    const before = await snapshot(t.db);
    expect((await member('PUT', `/api/comments/${ownerComment}`, { text: 'hijack' })).statusCode).toBe(403);
    expect((await member('DELETE', `/api/comments/${ownerComment}`)).statusCode).toBe(403);
    expect((await member('PUT', `/api/comments/${f.commentId}`, { text: '  ' })).statusCode).toBe(422);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await member('DELETE', `/api/comments/${f.commentId}`)).statusCode).toBe(204);
  });

  it('manages checklist items and counts them on the card', async () => {
    const second = await owner('POST', `/api/tasks/${f.taskId}/checklist`, { text: 'Review' });
    expect(second.json().data).toMatchObject({ status: 'pending', position: 2 });
    await owner('PUT', `/api/checklist/${f.checklistId}`, { status: 'done' });
    const card = (await owner('GET', `/api/boards/${f.boardId}`)).json().data.tasks[0];
    expect(card).toMatchObject({
      checklist_total: 2,
      checklist_done: 1,
      comments_count: 1,
      attachments_count: 1,
    });
    await owner('PUT', `/api/checklist/${second.json().data.id}`, { position: 0.5 });
    const list = (await owner('GET', `/api/tasks/${f.taskId}/checklist`)).json().data;
    expect(list.map((x: { text: string }) => x.text)).toEqual(['Review', 'Outline']);
    expect((await owner('PUT', `/api/checklist/${f.checklistId}`, { status: 'maybe' })).statusCode).toBe(422);
    expect((await owner('DELETE', `/api/checklist/${f.checklistId}`)).statusCode).toBe(204);
  });

  it('manages labels; deleting one removes it from tasks and boards', async () => {
    await owner('PUT', `/api/tasks/${f.taskId}`, { labels: [f.labelId] });
    expect(
      (await owner('POST', `/api/projects/${projectId}/labels`, { name: 'x', color: 'red' })).statusCode,
    ).toBe(422);
    const put = await owner('PUT', `/api/labels/${f.labelId}`, { name: 'defect' });
    expect(put.json().data).toMatchObject({ name: 'defect', color: '#ff0000' });
    expect((await owner('DELETE', `/api/labels/${f.labelId}`)).statusCode).toBe(204);
    expect((await owner('GET', `/api/tasks/${f.taskId}`)).json().data.labels).toEqual([]);
    const board = (await owner('GET', `/api/boards/${f.boardId}`)).json().data;
    expect(board.board.labels).toEqual([]);
    expect(board.labels).toEqual([]);
  });

  it('checks milestone dates (also merged on update) and refuses deleting a used one', async () => {
    const url = `/api/projects/${projectId}/milestones`;
    const before = await snapshot(t.db);
    const bad = await memberEs('POST', url, {
      milestone_name: 'M',
      start_date: '2026-11-10',
      deadline: '2026-11-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('DEADLINE_BEFORE_START');
    const merged = await member('PUT', `/api/milestones/${f.milestoneId}`, { deadline: '2026-10-01' });
    expect(merged.statusCode).toBe(422);
    expect(merged.json()).toEqual({
      code: 'DEADLINE_BEFORE_START',
      errors: ['the deadline cannot be before the start date'],
    });
    expect(await snapshot(t.db)).toEqual(before);
    const ok = await member('PUT', `/api/milestones/${f.milestoneId}`, {
      deadline: '2026-11-30',
      sprint: false,
    });
    expect(ok.json().data).toMatchObject({
      milestone_name: 'Sprint 1',
      deadline: '2026-11-30',
      sprint: false,
    });
    await owner('PUT', `/api/tasks/${f.taskId}`, { milestone_id: f.milestoneId });
    const used = await member('DELETE', `/api/milestones/${f.milestoneId}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('MILESTONE_NOT_DELETABLE');
    await owner('PUT', `/api/tasks/${f.taskId}`, { milestone_id: null });
    expect((await member('DELETE', `/api/milestones/${f.milestoneId}`)).statusCode).toBe(204);
    expect((await owner('GET', url)).json().data).toEqual([]);
  });
});
