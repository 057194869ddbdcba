import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { snapshot } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

type Ctx = BoardProject;

const setUp = setUpBoardProject;

async function columnOrder(t: TestApp, columnId: number) {
  return t.db
    .selectFrom('tasks')
    .select(['id', 'position'])
    .where('column_id', '=', columnId)
    .orderBy('position')
    .execute();
}

describe.skipIf(!isDatabaseAvailable)('tasks', () => {
  let c: Ctx;
  beforeEach(async () => {
    c = await setUp(await buildTestApp());
  });
  afterEach(() => c?.t.close());

  it('updates every task field, logs each change and restores archived tasks', async () => {
    const { owner, f, memberId } = c;
    const response = await owner('PUT', `/api/tasks/${f.taskId}`, {
      title: 'Final report',
      description: '# Notes',
      assigned: [memberId],
      labels: [f.labelId],
      milestone_id: f.milestoneId,
      deadline: '2026-12-01',
      starting_date: '2026-11-20',
      is_blocked: true,
      blocked_reason: 'waiting',
      expected_hours: 4,
      priority: 'urgent',
      completed: true,
    });
    expect(response.statusCode).toBe(200);
    const task = response.json().data;
    expect(task).toMatchObject({
      title: 'Final report',
      assigned: [memberId],
      labels: [f.labelId],
      completed: true,
      priority: 'urgent',
    });
    expect(task.completed_at).toBe('2026-11-22T10:00:00.000Z');
    const logs = (await owner('GET', `/api/tasks/${f.taskId}/logs`)).json().data as {
      field: string;
      old_value: string;
      new_value: string;
      user_name: string;
    }[];
    const fields = logs.map((l) => l.field);
    for (const field of [
      'created',
      'title',
      'assigned',
      'labels',
      'milestone_id',
      'deadline',
      'priority',
      'completed',
      'is_blocked',
    ]) {
      expect(fields).toContain(field);
    }
    expect(logs.find((l) => l.field === 'title')).toMatchObject({
      old_value: 'Write the report',
      new_value: 'Final report',
      user_name: 'Olga Owner',
    });
    expect(logs.at(-1)?.field).toBe('created');
    const uncompleted = await owner('PUT', `/api/tasks/${f.taskId}`, { completed: false, is_archived: true });
    expect(uncompleted.json().data).toMatchObject({
      completed: false,
      completed_at: null,
      is_archived: true,
    });
    const archived = await owner('GET', `/api/boards/${f.boardId}/tasks?archived=true`);
    expect(archived.json().data.map((x: { id: number }) => x.id)).toEqual([f.taskId]);
    expect((await owner('GET', `/api/boards/${f.boardId}`)).json().data.tasks).toEqual([]);
    await owner('PUT', `/api/tasks/${f.taskId}`, { is_archived: false });
    expect((await owner('GET', `/api/boards/${f.boardId}`)).json().data.tasks).toHaveLength(1);
  });

  it('searches by title, description, label name and member name', async () => {
    const { owner, f, memberId } = c;
    const col = `/api/columns/${f.columnId}/tasks`;
    const a = (await owner('POST', col, { title: 'Alpha' })).json().data.id;
    const b = (await owner('POST', col, { title: 'Beta' })).json().data.id;
    await owner('PUT', `/api/tasks/${a}`, { description: 'needs 100% coverage' });
    await owner('PUT', `/api/tasks/${b}`, { assigned: [memberId] });
    const search = async (q: string) =>
      (
        (await owner('GET', `/api/boards/${f.boardId}/tasks?q=${encodeURIComponent(q)}`)).json().data as {
          id: number;
        }[]
      ).map((x) => x.id);
    expect(await search('alpha')).toEqual([a]);
    expect(await search('100%')).toEqual([a]);
    expect(await search('BUG')).toEqual([]);
    await owner('PUT', `/api/tasks/${a}`, { labels: [f.labelId] });
    expect(await search('BUG')).toEqual([a]);
    expect(await search('mario')).toEqual([b]);
  });

  it('archives and completes a whole column, logging each task', async () => {
    const { owner, f, t } = c;
    await owner('POST', `/api/columns/${f.columnId}/tasks`, { title: 'Second' });
    const completed = await owner('POST', `/api/columns/${f.columnId}/complete_tasks`);
    expect(completed.json().data).toHaveLength(2);
    expect(
      completed
        .json()
        .data.every((x: { completed_at: string }) => x.completed_at === '2026-11-22T10:00:00.000Z'),
    ).toBe(true);
    const archived = await owner('POST', `/api/columns/${f.columnId}/archive_tasks`);
    expect(archived.json().data.every((x: { is_archived: boolean }) => x.is_archived)).toBe(true);
    const logs = await t.db
      .selectFrom('task_logs')
      .select('field')
      .where('field', 'in', ['completed', 'is_archived'])
      .execute();
    expect(logs).toHaveLength(4);
  });

  it('links and clears a commit, logged', async () => {
    const { owner, f } = c;
    const bad = await owner('POST', `/api/tasks/${f.taskId}/commits`, {
      message: 'x',
      url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(422);
    const linked = await owner('POST', `/api/tasks/${f.taskId}/commits`, {
      message: 'Fix #1',
      url: 'https://git.example/c/abc',
    });
    expect(linked.json().data.commit).toMatchObject({ message: 'Fix #1', url: 'https://git.example/c/abc' });
    const cleared = await owner('DELETE', `/api/tasks/${f.taskId}/commits`);
    expect(cleared.json().data.commit).toBeNull();
    const fields = (await owner('GET', `/api/tasks/${f.taskId}/logs`))
      .json()
      .data.map((l: { field: string }) => l.field);
    expect(fields.filter((x: string) => x === 'commit')).toHaveLength(2);
  });

  it('moves between neighbours and across columns; refuses bad targets with nothing changed', async () => {
    const { owner, f, t } = c;
    const ids = [f.taskId];
    for (const title of ['B', 'C'])
      ids.push((await owner('POST', `/api/columns/${f.columnId}/tasks`, { title })).json().data.id);
    const moved = await owner('POST', `/api/tasks/${ids[2]}/move`, {
      column_id: f.columnId,
      after_id: ids[0],
      before_id: ids[1],
    });
    expect(moved.statusCode).toBe(200);
    expect((await columnOrder(t, f.columnId)).map((x) => x.id)).toEqual([ids[0], ids[2], ids[1]]);
    const first = await owner('POST', `/api/tasks/${ids[1]}/move`, {
      column_id: f.columnId,
      before_id: ids[0],
    });
    expect(first.statusCode).toBe(200);
    expect((await columnOrder(t, f.columnId)).map((x) => x.id)).toEqual([ids[1], ids[0], ids[2]]);
    const across = await owner('POST', `/api/tasks/${ids[0]}/move`, { column_id: f.otherColumnId });
    expect(across.json().data.column_id).toBe(f.otherColumnId);
    const logs = (await owner('GET', `/api/tasks/${ids[0]}/logs`)).json().data;
    expect(logs[0]).toMatchObject({ field: 'moved', old_value: 'To do', new_value: 'Done' });

    const board2 = (await owner('POST', `/api/projects/${c.projectId}/boards`, { name: 'B2' })).json().data
      .id;
    const col2 = (await owner('POST', `/api/boards/${board2}/columns`, { name: 'X' })).json().data.id;
    const before = await snapshot(t.db);
    const bad = [
      [{ column_id: col2 }, 404],
      [{ column_id: 999999 }, 404],
      [{ column_id: f.columnId, after_id: ids[0] }, 422], // after_id is in the other column now
      [{ column_id: f.columnId, before_id: ids[1], after_id: 999999 }, 422],
      [{ column_id: f.columnId, after_id: ids[1] }, 422], // itself
    ] as const;
    for (const [payload, code] of bad) {
      const response = await owner('POST', `/api/tasks/${ids[1]}/move`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(code);
      expect(response.json().errors[0]).toEqual(expect.any(String));
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('renormalizes a column when the gap between two neighbours is exhausted', async () => {
    const { owner, f, t } = c;
    const b = (await owner('POST', `/api/columns/${f.columnId}/tasks`, { title: 'B' })).json().data.id;
    const x = (await owner('POST', `/api/columns/${f.columnId}/tasks`, { title: 'X' })).json().data.id;
    await t.db
      .updateTable('tasks')
      .set({ position: 1 + 1e-12 })
      .where('id', '=', b)
      .execute();
    const moved = await owner('POST', `/api/tasks/${x}/move`, { column_id: f.columnId, after_id: f.taskId });
    expect(moved.statusCode).toBe(200);
    const order = await columnOrder(t, f.columnId);
    expect(order.map((r) => r.id)).toEqual([f.taskId, x, b]);
    expect(order[1]!.position - order[0]!.position).toBeGreaterThan(0.1);
  });

  it('keeps one consistent order under 50 concurrent moves in one column and across two', async () => {
    const { owner, f, t } = c;
    const ids = [f.taskId];
    for (let i = 0; i < 19; i += 1)
      ids.push((await owner('POST', `/api/columns/${f.columnId}/tasks`, { title: `T${i}` })).json().data.id);
    const anchors = ids.slice(0, 5);
    const movers = ids.slice(5);
    const moves = Array.from({ length: 50 }, (_, i) => {
      const task = movers[i % movers.length]!;
      const payload =
        i % 3 === 0
          ? { column_id: f.columnId }
          : { column_id: f.columnId, after_id: anchors[i % anchors.length] };
      return owner('POST', `/api/tasks/${task}/move`, payload);
    });
    const results = await Promise.all(moves);
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const order = await columnOrder(t, f.columnId);
    expect(order.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (let i = 1; i < order.length; i += 1)
      expect(order[i]!.position).toBeGreaterThan(order[i - 1]!.position);
    const board = (await owner('GET', `/api/boards/${f.boardId}`)).json().data;
    const shown = (board.tasks as { id: number; column_id: number; position: number }[]).filter(
      (x) => x.column_id === f.columnId,
    );
    expect(shown.map((x) => x.id)).toEqual(order.map((r) => r.id));

    // Across two columns: half the movers go right, then everything is shuffled back and forth.
    const across = movers.map((task, i) =>
      owner('POST', `/api/tasks/${task}/move`, {
        column_id: i % 2 === 0 ? f.otherColumnId : f.columnId,
        ...(i % 4 === 1 ? { before_id: anchors[0] } : {}),
      }),
    );
    expect((await Promise.all(across)).map((r) => r.statusCode)).toEqual(Array(movers.length).fill(200));
    const left = await columnOrder(t, f.columnId);
    const right = await columnOrder(t, f.otherColumnId);
    expect([...left, ...right].map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    for (const col of [left, right]) {
      expect(new Set(col.map((r) => r.position)).size).toBe(col.length);
      for (let i = 1; i < col.length; i += 1) expect(col[i]!.position).toBeGreaterThan(col[i - 1]!.position);
    }
  });

  it('deletes a task with its rows', async () => {
    const { owner, f, t } = c;
    expect((await owner('DELETE', `/api/tasks/${f.taskId}`)).statusCode).toBe(204);
    for (const table of ['hours', 'comments', 'checklist_items', 'attachments', 'task_logs'] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
    expect((await owner('GET', `/api/tasks/${f.taskId}`)).statusCode).toBe(404);
  });
});
