import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable, TEST_DIALECT } from '../helpers/database.js';
import { buildTestApp } from '../helpers/test-app.js';

/**
 * The differential test of the hot writes (issue 45): random sequences of creates, scalar updates,
 * moves and hour reports run through the one-step path (db/one-step.ts: SQLite direct or PostgreSQL
 * pipeline) on one app and through the ordinary transaction on another (`oneStep: false`), both on
 * databases seeded alike; every answer and then every row they touch must be the same. The two apps
 * live across runs: a difference, once made, stays in the rows and fails every later comparison.
 */
const RUNS = 50;

type Placement = { kind: 'end' } | { kind: 'after' | 'before'; neighbour: number };

type Operation =
  | { op: 'create'; column: number; title: string }
  | { op: 'update'; task: number; input: Record<string, unknown> }
  | { op: 'move'; task: number; column: number; place: Placement }
  | { op: 'hours'; task: number; hours: number; date: string };

const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
const hours = fc.constantFrom(0.00001, 0.1, 0.25, 1, 1.005, 2.675, 7.5, 24);

const updateInput = fc.record(
  {
    title: fc.constantFrom('Plan', 'Plan', 'Write it', 'ñandú'),
    description: fc.constantFrom(null, '', 'Notes'),
    expected_hours: fc.option(hours),
    deadline: fc.option(day),
    starting_date: fc.option(day),
    is_blocked: fc.boolean(),
    blocked_reason: fc.option(fc.constantFrom('Waiting', 'Busy')),
    priority: fc.constantFrom(null, 'low', 'medium', 'high'),
    completed: fc.boolean(),
    is_archived: fc.boolean(),
  },
  { requiredKeys: [] },
);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    column: fc.nat(1),
    title: fc.constantFrom('A', 'B', 'Card'),
  }),
  fc.record({ op: fc.constant('update' as const), task: fc.nat(), input: updateInput }),
  fc.record({
    op: fc.constant('move' as const),
    task: fc.nat(),
    column: fc.nat(1),
    place: fc.oneof(
      fc.constant({ kind: 'end' as const }),
      fc.record({ kind: fc.constantFrom('after' as const, 'before' as const), neighbour: fc.nat() }),
    ),
  }),
  fc.record({ op: fc.constant('hours' as const), task: fc.nat(), hours, date: day }),
);

describe.skipIf(!isDatabaseAvailable)(`one-step and ordinary writes agree (${TEST_DIALECT})`, () => {
  let oneStep: BoardProject;
  let ordinary: BoardProject;
  beforeAll(async () => {
    oneStep = await setUpBoardProject(await buildTestApp());
    ordinary = await setUpBoardProject(await buildTestApp({ oneStep: false }));
  });
  afterAll(async () => {
    await oneStep?.t.close();
    await ordinary?.t.close();
  });

  /** The same request on both apps: status and body must match. */
  async function both(method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) {
    const [a, b] = [await oneStep.owner(method, url, body), await ordinary.owner(method, url, body)];
    expect({ status: a.statusCode, body: a.json() }, `${method} ${url} ${JSON.stringify(body)}`).toEqual({
      status: b.statusCode,
      body: b.json(),
    });
  }

  async function taskIds(): Promise<number[]> {
    const rows = await oneStep.t.db.selectFrom('tasks').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  async function run(operation: Operation): Promise<void> {
    const columns = [oneStep.f.columnId, oneStep.f.otherColumnId];
    const ids = await taskIds();
    const pick = (index: number) => ids[index % ids.length]!;
    switch (operation.op) {
      case 'create':
        return both('POST', `/api/columns/${columns[operation.column]}/tasks`, { title: operation.title });
      case 'update':
        return both('PUT', `/api/tasks/${pick(operation.task)}`, operation.input);
      case 'move': {
        const { place } = operation;
        const neighbour = place.kind === 'end' ? {} : { [`${place.kind}_id`]: pick(place.neighbour) };
        return both('POST', `/api/tasks/${pick(operation.task)}/move`, {
          column_id: columns[operation.column],
          ...neighbour,
        });
      }
      case 'hours':
        return both('POST', `/api/tasks/${pick(operation.task)}/hours`, {
          hours: operation.hours,
          date: operation.date,
        });
    }
  }

  /** Every row the hot writes touch, on one app's database. */
  async function rows(c: BoardProject) {
    const { db } = c.t;
    return {
      tasks: await db.selectFrom('tasks').selectAll().orderBy('id').execute(),
      task_logs: await db.selectFrom('task_logs').selectAll().orderBy('id').execute(),
      activities: await db.selectFrom('activities').selectAll().orderBy('id').execute(),
      hours: await db.selectFrom('hours').selectAll().orderBy('id').execute(),
      boards: await db.selectFrom('boards').select(['id', 'version']).orderBy('id').execute(),
    };
  }

  it('gives the same answers and the same rows for any sequence of hot writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (operations) => {
        for (const next of operations) {
          // Both clocks move together, so every write stamps a time of its own.
          oneStep.t.clock.advance(1000);
          ordinary.t.clock.advance(1000);
          await run(next);
        }
        expect(await rows(oneStep)).toEqual(await rows(ordinary));
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 60_000);
});
