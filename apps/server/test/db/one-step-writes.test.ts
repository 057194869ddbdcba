import { sql } from 'kysely';
import type { UpdateTaskInput } from '@teamboard/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import type { PostgresPipeline } from '../../src/db/one-step.js';
import type { SqliteDirect } from '../../src/db/sqlite-direct.js';
import { pipelinedHourReport } from '../../src/features/hours/commands/report-hours/postgres.js';
import { directHourReport } from '../../src/features/hours/commands/report-hours/sqlite.js';
import { pipelinedCreate } from '../../src/features/tasks/commands/create-task/postgres.js';
import { directCreate } from '../../src/features/tasks/commands/create-task/sqlite.js';
import type { MoveRequest } from '../../src/features/tasks/commands/move-task/index.js';
import { pipelinedMove } from '../../src/features/tasks/commands/move-task/postgres.js';
import { directMove } from '../../src/features/tasks/commands/move-task/sqlite.js';
import { scalarChanges } from '../../src/features/tasks/commands/update-task/fields.js';
import { pipelinedUpdate } from '../../src/features/tasks/commands/update-task/postgres.js';
import { directUpdate } from '../../src/features/tasks/commands/update-task/sqlite.js';
import { between } from '../../src/lib/sort-keys.js';
import type { UserRow } from '../../src/users/users.js';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable, TEST_DIALECT } from '../helpers/database.js';
import { snapshot } from '../helpers/projects.js';
import { buildTestApp } from '../helpers/test-app.js';

/**
 * The one-step writes — one round trip on PostgreSQL (db/pipeline.ts), one synchronous transaction
 * on SQLite (db/sqlite-direct.ts) — against the rules of the ordinary transaction they stand in
 * for. The API suites (tasks, concurrency) run every write through them on both databases;
 * this file checks the cases they would only see as a right answer. Each case runs on the database
 * of the run, through that database's one-step write.
 */
const onPostgres = TEST_DIALECT === 'postgres';

describe.skipIf(!isDatabaseAvailable)('one-step writes', () => {
  let c: BoardProject;
  let owner: UserRow;
  beforeEach(async () => {
    c = await setUpBoardProject(await buildTestApp());
    owner = await c.t.db.selectFrom('users').selectAll().orderBy('id').executeTakeFirstOrThrow();
  });
  afterEach(() => c?.t.close());

  const db = () => c.t.database.db;
  const writer = () => c.t.appDatabase.oneStep!;
  const direct = () => writer() as SqliteDirect;
  const pipeline = () => writer() as PostgresPipeline;
  /** A write's variant for this run's database, given its writer. */
  function variant<R, T>(
    sqlite: (db: Db, direct: SqliteDirect, request: R) => Promise<T>,
    postgres: (db: Db, pipeline: PostgresPipeline, request: R) => Promise<T>,
  ) {
    return (request: R) =>
      onPostgres ? postgres(db(), pipeline(), request) : sqlite(db(), direct(), request);
  }
  const oneStep = {
    move: variant(directMove, pipelinedMove),
    create: variant(directCreate, pipelinedCreate),
    update: variant(directUpdate, pipelinedUpdate),
    hourReport: variant(directHourReport, pipelinedHourReport),
  };
  const order = (columnId: number) =>
    c.t.db
      .selectFrom('tasks')
      .select(['id', 'position'])
      .where('column_id', '=', columnId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  const move = (taskId: number, input: MoveRequest['input']) =>
    oneStep.move({
      user: owner,
      projectId: c.projectId,
      taskId,
      input,
      now: new Date().toISOString(),
    });
  async function addTasks(columnId: number, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index++)
      ids.push(
        (await c.owner('POST', `/api/columns/${columnId}/tasks`, { title: `T${index}` })).json().data.id,
      );
    return ids;
  }

  it("each database carries its own dialect's one-step writer, and a test may choose none", async () => {
    expect(writer().dialect).toBe(TEST_DIALECT);
    const ordinary = await buildTestApp({ oneStep: false });
    try {
      expect(ordinary.appDatabase.oneStep).toBeNull();
      expect(ordinary.appDatabase.dialect).toBe(TEST_DIALECT);
    } finally {
      await ordinary.close();
    }
  });

  it('places exactly where lib/sort-keys.ts would, logs the move and bumps the board once', async () => {
    const { columnId, otherColumnId, boardId } = c.f;
    const ids = [c.f.taskId, ...(await addTasks(columnId, 4))];
    const version = async () =>
      (
        await c.t.db
          .selectFrom('boards')
          .select('version')
          .where('id', '=', boardId)
          .executeTakeFirstOrThrow()
      ).version;
    // Each case: the input, then the expected neighbours in the target column (ids, by order).
    const cases = [
      { task: ids[4]!, input: { column_id: columnId, after_id: ids[0] } },
      { task: ids[0]!, input: { column_id: columnId, before_id: ids[1] } },
      { task: ids[2]!, input: { column_id: otherColumnId } },
      { task: ids[3]!, input: { column_id: otherColumnId, before_id: ids[2] } },
      { task: ids[1]!, input: { column_id: otherColumnId, after_id: ids[3], before_id: ids[2] } },
      { task: ids[1]!, input: { column_id: columnId } },
    ];
    for (const { task, input } of cases) {
      const slots = (await order(input.column_id)).filter((slot) => slot.id !== task);
      const at = (id: number | undefined) => slots.findIndex((slot) => slot.id === id);
      const expected =
        input.after_id !== undefined
          ? between(slots[at(input.after_id)]!.position, slots[at(input.after_id) + 1]?.position ?? null)
          : input.before_id !== undefined
            ? between(slots[at(input.before_id) - 1]?.position ?? null, slots[at(input.before_id)]!.position)
            : between(slots.at(-1)?.position ?? null, null);
      const before = await version();
      const moved = await move(task, input);
      expect(moved, JSON.stringify(input)).not.toBeNull();
      expect(moved!.card).toMatchObject({ id: task, column_id: input.column_id, position: expected });
      expect(moved!.seq).toBe(before + 1);
      expect(await version()).toBe(before + 1);
    }
    const logs = (await c.owner('GET', `/api/tasks/${ids[1]}/logs`)).json().data;
    expect(logs.slice(0, 2)).toMatchObject([
      { field: 'moved', old_value: 'Done', new_value: 'To do', user_id: owner.id, user_name: owner.name },
      { field: 'moved', old_value: 'To do', new_value: 'Done' },
    ]);
  });

  it('moves nothing and answers null for what the ordinary move must decide', async () => {
    const { columnId, otherColumnId } = c.f;
    const [a, b] = await addTasks(columnId, 2);
    const other = (await c.owner('POST', '/api/projects', { name: 'Other' })).json().data.id;
    const foreignBoard = (await c.owner('POST', `/api/projects/${other}/boards`, { name: 'F' })).json().data
      .id;
    const foreignColumn = (await c.owner('POST', `/api/boards/${foreignBoard}/columns`, { name: 'X' })).json()
      .data.id;
    await c.t.db
      .updateTable('tasks')
      .set({ position: 1 + 1e-12 })
      .where('id', '=', b!)
      .execute();
    const before = await snapshot(c.t.db);
    for (const [task, input] of [
      [a!, { column_id: foreignColumn }], // another project's column
      [a!, { column_id: 999999 }],
      [999999, { column_id: columnId }],
      [a!, { column_id: otherColumnId, after_id: b! }], // a neighbour from another column
      [a!, { column_id: columnId, after_id: a! }], // itself
      [a!, { column_id: columnId, after_id: b!, before_id: 999999 }],
      [a!, { column_id: columnId, after_id: c.f.taskId }], // no room left below it: renumbering
    ] as const) {
      expect(await move(task, input), JSON.stringify(input)).toBeNull();
    }
    expect(await snapshot(c.t.db)).toEqual(before);
  });

  it('creates a task at the end of its column as the ordinary create would, or nothing (404)', async () => {
    const now = new Date().toISOString();
    const request = { user: owner, projectId: c.projectId, columnId: c.f.columnId, title: 'Piped', now };
    const written = await oneStep.create(request);
    expect(written).toBeTruthy();
    const read = (await c.owner('GET', `/api/tasks/${written!.detail.id}`)).json().data;
    expect(written!.detail).toEqual(read);
    expect(read).toMatchObject({
      title: 'Piped',
      position: 2,
      column_id: c.f.columnId,
      created_by: owner.id,
    });
    const logs = (await c.owner('GET', `/api/tasks/${read.id}/logs`)).json().data;
    expect(logs).toMatchObject([{ field: 'created', old_value: null, new_value: 'Piped' }]);

    const other = (await c.owner('POST', '/api/projects', { name: 'Other' })).json().data.id;
    const board = (await c.owner('POST', `/api/projects/${other}/boards`, { name: 'F' })).json().data.id;
    const column = (await c.owner('POST', `/api/boards/${board}/columns`, { name: 'X' })).json().data.id;
    const before = await snapshot(c.t.db);
    await expect(oneStep.create({ ...request, columnId: column })).rejects.toThrow(/NOT_FOUND/);
    expect(await snapshot(c.t.db)).toEqual(before);
  });

  it('updates, logs and records a completion in one step', async () => {
    const project = { id: c.projectId, name: 'Project' };
    const task = await c.t.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', c.f.taskId)
      .executeTakeFirstOrThrow();
    const now = new Date(Date.parse(task.updated_at) + 1000).toISOString();
    const input = { title: 'Done it', completed: true, priority: 'high' } as const;
    const written = await oneStep.update({ user: owner, project, taskId: task.id, input, now });
    expect(written).not.toBeNull();
    expect(written!.detail).toEqual((await c.owner('GET', `/api/tasks/${task.id}`)).json().data);
    expect(written!.detail).toMatchObject({
      title: 'Done it',
      completed: true,
      completed_at: now,
      priority: 'high',
    });
    const logged = (await c.owner('GET', `/api/tasks/${task.id}/logs`)).json().data;
    expect(
      logged
        .slice(0, 3)
        .map((log: { field: string }) => log.field)
        .sort(),
    ).toEqual(['completed', 'priority', 'title']);
    const activity = await c.t.db
      .selectFrom('activities')
      .select(['kind', 'subject_name', 'actor_id'])
      .where('kind', '=', 'task.completed')
      .execute();
    expect(activity).toEqual([{ kind: 'task.completed', subject_name: 'Done it', actor_id: owner.id }]);

    // A change that changes nothing is the ordinary update's (null); so is another project's task on
    // PostgreSQL (null: the ordinary update answers 404), while SQLite, reading it inside its own
    // transaction, answers 404 itself. Neither writes anything.
    const before = await snapshot(c.t.db);
    const update = (taskInput: UpdateTaskInput, projectId = c.projectId) =>
      oneStep.update({
        user: owner,
        project: { ...project, id: projectId },
        taskId: task.id,
        input: taskInput,
        now,
      });
    expect(await update(input)).toBeNull();
    if (onPostgres) expect(await update({ title: 'Elsewhere' }, c.projectId + 1000)).toBeNull();
    else await expect(update({ title: 'Elsewhere' }, c.projectId + 1000)).rejects.toThrow(/NOT_FOUND/);
    expect(await snapshot(c.t.db)).toEqual(before);
  });

  it('logs every kind of field as the ordinary update would, and only the fields that change', async () => {
    const project = { id: c.projectId, name: 'Project' };
    const read = () =>
      c.t.db.selectFrom('tasks').selectAll().where('id', '=', c.f.taskId).executeTakeFirstOrThrow();
    const inputs: UpdateTaskInput[] = [
      { expected_hours: 2.5, deadline: '2026-12-01', is_blocked: true, blocked_reason: 'Waiting' },
      // The same title again and the same hours: only what differs is logged and written.
      { title: 'Renamed', expected_hours: 2.5, is_blocked: false, blocked_reason: null, description: 'ñ' },
      {
        expected_hours: 0.1,
        deadline: null,
        starting_date: '2026-11-30',
        priority: 'low',
        is_archived: true,
      },
      { expected_hours: null, completed: true, milestone_id: null },
      { completed: false, is_archived: false, priority: null },
    ];
    let at = Date.parse((await read()).updated_at);
    for (const input of inputs) {
      const task = await read();
      const now = new Date((at += 1000)).toISOString();
      const expected = scalarChanges(task, input, now);
      const written = await oneStep.update({ user: owner, project, taskId: task.id, input, now });
      expect(written, JSON.stringify(input)).not.toBeNull();
      expect({ ...(await read()), updated_at: now }).toEqual({ ...task, ...expected.changes });
      const logs = await c.t.db
        .selectFrom('task_logs')
        .select(['task_id', 'field', 'old_value', 'new_value'])
        .where('task_id', '=', task.id)
        .where('created_at', '=', now)
        .orderBy('field')
        .execute();
      expect(logs).toEqual([...expected.logs].sort((a, b) => a.field.localeCompare(b.field)));
    }
    // PostgreSQL writes 0.00001 as '1e-05' where JS writes '0.00001': the one-step update logs an old
    // value as JS writes it (lib/numbers.ts numberTextSql), so that the log reads the same on both.
    const tiny = { user: owner, project, taskId: c.f.taskId };
    const steps: [number, string][] = [
      [0.00001, '0.00001'],
      [1e-7, '1e-7'],
      [1, '1'],
    ];
    for (const [hours, text] of steps) {
      const now = new Date((at += 1000)).toISOString();
      expect(await oneStep.update({ ...tiny, now, input: { expected_hours: hours } })).not.toBeNull();
      const [last] = (await c.owner('GET', `/api/tasks/${c.f.taskId}/logs`)).json().data;
      expect(last).toMatchObject({ field: 'expected_hours', new_value: text });
    }
    await c.owner('PUT', `/api/tasks/${c.f.taskId}`, { expected_hours: 2 });
    const logs = (await c.owner('GET', `/api/tasks/${c.f.taskId}/logs`)).json().data;
    expect(logs.slice(0, 3).map((log: { old_value: string }) => log.old_value)).toEqual([
      '1',
      '1e-7',
      '0.00001',
    ]);
  });

  it('reports hours and keeps the task total, or writes nothing for another project’s task (404)', async () => {
    const request = {
      user: owner,
      projectId: c.projectId,
      taskId: c.f.taskId,
      input: { hours: 0.25, date: '2026-11-20' },
      now: new Date().toISOString(),
    };
    const { total_hours: before } = await c.t.db
      .selectFrom('tasks')
      .select('total_hours')
      .where('id', '=', c.f.taskId)
      .executeTakeFirstOrThrow();
    const reported = await oneStep.hourReport(request);
    expect(reported!.hour).toMatchObject({ task_id: c.f.taskId, user_id: owner.id, hours: 0.25 });
    expect(reported!.event).toMatchObject({
      type: 'task.updated',
      data: { task: { id: c.f.taskId, total_hours: Number(before) + 0.25 } },
    });
    const other = (await c.owner('POST', '/api/projects', { name: 'Other' })).json().data.id;
    const snapshotBefore = await snapshot(c.t.db);
    await expect(oneStep.hourReport({ ...request, projectId: other })).rejects.toThrow(/NOT_FOUND/);
    expect(await snapshot(c.t.db)).toEqual(snapshotBefore);
  });

  it.runIf(onPostgres)(
    'writes nothing when one statement fails, and leaves the connection usable (SKIPPED under TEST_DB=sqlite: the next test is its SQLite side)',
    async () => {
      const before = await snapshot(c.t.db);
      const failing = pipeline().transaction([
        sql`update boards set version = version + 1 where id = ${c.f.boardId}`.compile(db()),
        sql`select cast('not a number' as integer)`.compile(db()),
        sql`update tasks set title = 'never' where id = ${c.f.taskId}`.compile(db()),
      ]);
      await expect(failing).rejects.toThrow(/invalid input syntax/);
      expect(await snapshot(c.t.db)).toEqual(before);
      // Every connection of the pool still answers (none was left inside the aborted transaction).
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => pipeline().transaction([sql`select 1 as one`.compile(db())])),
      );
      expect(answers.map((results) => results[0]!.rows[0])).toEqual(Array(12).fill({ one: 1 }));
    },
  );

  it.runIf(!onPostgres)(
    'writes nothing when the work throws, and never runs inside an open Kysely transaction (SKIPPED under TEST_DB=postgres: the test before is its PostgreSQL side)',
    async () => {
      const before = await snapshot(c.t.db);
      const bump = sql`update boards set version = version + 1 where id = ${c.f.boardId}`.compile(db());
      const failing = direct().transaction((statements) => {
        statements.run(bump);
        throw new Error('changed its mind');
      });
      await expect(failing).rejects.toThrow(/changed its mind/);
      expect(await snapshot(c.t.db)).toEqual(before);

      // A Kysely transaction holds the one connection across its awaits; a direct transaction
      // started meanwhile waits for it to commit, and then sees what it wrote.
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const kyselyWrite = db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('tasks').set({ title: 'From Kysely' }).where('id', '=', c.f.taskId).execute();
          await held;
          order.push('kysely committed');
        });
      const directRead = direct().transaction((statements) => {
        order.push('direct ran');
        return statements.first<{ title: string }>(
          sql`select title from tasks where id = ${c.f.taskId}`.compile(db()),
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(order).toEqual([]);
      release();
      await kyselyWrite;
      expect(await directRead).toEqual({ title: 'From Kysely' });
      expect(order).toEqual(['kysely committed', 'direct ran']);
      expect(await move(c.f.taskId, { column_id: c.f.otherColumnId })).not.toBeNull();
    },
  );
});
