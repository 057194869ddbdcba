import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberTextSql, round2, round2Sql } from '../../src/lib/numbers.js';
import { between, betweenSql } from '../../src/lib/sort-keys.js';
import {
  createTestDatabase,
  isDatabaseAvailable,
  TEST_DIALECT,
  type TestDatabase,
} from '../helpers/database.js';

/** The SQL twins of lib/ rules give what their JS definitions give (PostgreSQL runs them). */
describe.skipIf(TEST_DIALECT !== 'postgres' || !isDatabaseAvailable)('lib/ rules in SQL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());

  /** Each value through `twin` in one statement, as PostgreSQL answers. */
  async function inSql<T>(
    values: number[],
    twin: (value: ReturnType<typeof sql>) => ReturnType<typeof sql<T>>,
  ) {
    const rows = sql.join(
      values.map((value) => sql`select ${twin(sql`cast(${String(value)} as double precision)`)} as out`),
      sql` union all `,
    );
    const { rows: answers } = await sql<{ out: T }>`${rows}`.execute(t.db);
    return answers.map((row) => row.out);
  }

  const edges = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.00001,
    1e-6,
    1.5e-6,
    1e-7,
    2.5e-7,
    0.0001,
    0.00012345,
    10_000,
    123456.78,
    1e15,
    1.2345e15,
    1234567890123456.5,
    1e20,
    1e21,
    1.5e21,
    1e100,
    5e-324,
    0.1 + 0.2,
    -0.00001,
    -1e21,
  ];

  it('numberTextSql writes a double as String() does', async () => {
    expect(await inSql(edges, numberTextSql)).toEqual(edges.map(String));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 50 }),
        async (values) => {
          expect(await inSql(values, numberTextSql)).toEqual(values.map(String));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('round2Sql rounds as round2 does', async () => {
    const values = [0, 0.00001, 1.005, 2.675, 7.5, 24, 0.125, 1234.565];
    expect((await inSql(values, round2Sql)).map(Number)).toEqual(values.map(round2));
  });

  it('betweenSql places as between does, room or none', async () => {
    const key = fc.oneof(
      fc.constant(null),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
      fc.integer({ min: -5, max: 5 }),
    );
    const pairs = fc.array(
      fc.oneof(
        fc.tuple(key, key),
        // Neighbours a hair apart: the gap runs out.
        fc.double({ noNaN: true, min: 0, max: 10 }).map((low) => [low, low + 1e-10] as [number, number]),
      ),
      { minLength: 1, maxLength: 30 },
    );
    const cast = (value: number | null) =>
      sql`cast(${value === null ? null : String(value)} as double precision)`;
    await fc.assert(
      fc.asyncProperty(pairs, async (bounds) => {
        const rows = sql.join(
          bounds.map(([low, high]) => sql`select ${betweenSql(cast(low), cast(high))} as out`),
          sql` union all `,
        );
        const { rows: answers } = await sql<{ out: number | null }>`${rows}`.execute(t.db);
        expect(answers.map((row) => row.out)).toEqual(bounds.map(([low, high]) => between(low, high)));
      }),
      { numRuns: 30 },
    );
  });
});
