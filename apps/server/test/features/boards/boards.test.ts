import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { apiAs, snapshot } from '../../helpers/projects.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { QueryCounter } from '../../helpers/query-counter.js';

type Ctx = BoardProject;

const setUp = setUpBoardProject;

describe.skipIf(!isDatabaseAvailable)('boards and columns', () => {
  let c: Ctx;
  beforeEach(async () => {
    c = await setUp(await buildTestApp());
  });
  afterEach(() => c?.t.close());

  it('lists, edits and deletes boards and columns', async () => {
    const { owner, projectId, f } = c;
    const second = await owner('POST', `/api/projects/${projectId}/boards`, {
      name: 'Second',
      description: 'd',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({ name: 'Second', description: 'd', position: 2, labels: [] });
    const list = await owner('GET', `/api/projects/${projectId}/boards`);
    expect(list.json().data.map((b: { name: string }) => b.name)).toEqual(['Board', 'Second']);
    expect(list.json().data[0].labels).toEqual([f.labelId]);
    const put = await owner('PUT', `/api/boards/${f.boardId}`, { name: 'Main', labels: [] });
    expect(put.json().data).toMatchObject({ name: 'Main', labels: [] });
    const col = await owner('PUT', `/api/columns/${f.columnId}`, { name: 'Backlog', position: 5 });
    expect(col.json().data).toMatchObject({ name: 'Backlog', position: 5 });
    expect((await owner('DELETE', `/api/columns/${f.otherColumnId}`)).statusCode).toBe(204);
    expect((await owner('DELETE', `/api/boards/${second.json().data.id}`)).statusCode).toBe(204);
  });

  it('refuses labels of another project on a board and on a task (422, nothing changed)', async () => {
    const { t, owner, f } = c;
    const other = (await owner('POST', '/api/projects', { name: 'Other' })).json().data.id;
    const foreign = (
      await owner('POST', `/api/projects/${other}/labels`, { name: 'x', color: '#123456' })
    ).json().data.id;
    const before = await snapshot(t.db);
    for (const [url, payload] of [
      [`/api/boards/${f.boardId}`, { labels: [foreign] }],
      [`/api/tasks/${f.taskId}`, { labels: [foreign], title: 'changed' }],
      [`/api/tasks/${f.taskId}`, { assigned: [999] }],
      [`/api/tasks/${f.taskId}`, { milestone_id: 999 }],
    ] as const) {
      const response = await apiAs(t.app, c.ownerHeaders, { 'accept-language': 'es' })('PUT', url, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0]).toEqual(expect.any(String));
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe.skipIf(!isDatabaseAvailable)('GET /api/boards/:id at scale', () => {
  it('uses the same number of queries for 3 and 300 tasks, and answers 304 to its ETag', async () => {
    const counter = new QueryCounter();
    const t = await buildTestApp({ wrapDb: (db) => db.withPlugin(counter.plugin) });
    try {
      const c = await setUp(t);
      const measure = async () => {
        // The session and the access remembered before counting (the raw writes below forget them).
        await c.owner('GET', `/api/projects/${c.projectId}`);
        counter.reset();
        const response = await c.owner('GET', `/api/boards/${c.f.boardId}`);
        expect(response.statusCode).toBe(200);
        return { count: counter.count, response };
      };
      await c.owner('POST', `/api/columns/${c.f.columnId}/tasks`, { title: 'two' });
      const small = await measure();
      const rows = Array.from({ length: 300 }, (_, i) => ({
        column_id: i % 2 ? c.f.columnId : c.f.otherColumnId,
        board_id: c.f.boardId,
        project_id: c.projectId,
        title: `Task ${i}`,
        position: 100 + i,
        created_by: null,
        created_at: '2026-11-22T10:00:00.000Z',
        updated_at: '2026-11-22T10:00:00.000Z',
      }));
      const inserted = await t.db.insertInto('tasks').values(rows).returning('id').execute();
      await t.db
        .insertInto('task_labels')
        .values(inserted.map((r) => ({ task_id: r.id, label_id: c.f.labelId })))
        .execute();
      await t.db
        .insertInto('task_assignees')
        .values(inserted.map((r) => ({ task_id: r.id, user_id: c.memberId })))
        .execute();
      // Raw rows bypass the services: take the new board version as every service write does.
      await t.db
        .updateTable('boards')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', c.f.boardId)
        .execute();
      const big = await measure();
      expect(big.count).toBe(small.count);
      const detail = big.response.json().data;
      expect(detail.tasks).toHaveLength(302);
      expect(detail.tasks.find((x: { id: number }) => x.id === inserted[0]!.id)).toMatchObject({
        labels: [c.f.labelId],
        assigned: [c.memberId],
      });
      expect(big.response.headers['content-type']).toMatch(/^application\/json/);

      const etag = String(big.response.headers.etag);
      const cached = await apiAs(t.app, c.ownerHeaders, { 'if-none-match': etag })(
        'GET',
        `/api/boards/${c.f.boardId}`,
      );
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      await c.owner('PUT', `/api/tasks/${c.f.taskId}`, { title: 'changed' });
      const changed = await apiAs(t.app, c.ownerHeaders, { 'if-none-match': etag })(
        'GET',
        `/api/boards/${c.f.boardId}`,
      );
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await t.close();
    }
  });
});
