import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/database.js';
import { PreparedQuery, PreparedShapes } from '../../src/lib/prepared-query.js';
import { createTestDatabase, isDatabaseAvailable, type TestDatabase } from '../helpers/database.js';
import { createUser } from '../helpers/factories.js';

/** Users by name, with a constant beside the arguments and an argument in a join condition. */
const usersQuery = new PreparedQuery((db: Db, name: string, selfId: number) =>
  db
    .selectFrom('users')
    .leftJoin('users as same', (join) => join.onRef('same.id', '=', 'users.id').on('same.id', '=', selfId))
    .select(['users.id', 'users.name', 'same.id as self_id'])
    .where('users.name', '=', name)
    .where('users.account_type', '=', 'user')
    .orderBy('users.id'),
);

function built(db: Db, name: string, selfId: number) {
  return db
    .selectFrom('users')
    .leftJoin('users as same', (join) => join.onRef('same.id', '=', 'users.id').on('same.id', '=', selfId))
    .select(['users.id', 'users.name', 'same.id as self_id'])
    .where('users.name', '=', name)
    .where('users.account_type', '=', 'user')
    .orderBy('users.id')
    .execute();
}

describe.skipIf(!isDatabaseAvailable)('PreparedQuery', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database?.drop());

  it('answers every call with its own arguments, as the built query would', async () => {
    const { db } = database;
    const ana = await createUser(db, { name: 'Ana' });
    const ana2 = await createUser(db, { name: 'Ana' });
    const bo = await createUser(db, { name: 'Bo' });
    for (const [name, selfId] of [
      ['Ana', ana.id],
      ['Ana', ana2.id],
      ['Bo', ana.id],
      ['Bo', bo.id],
      ['Nobody', bo.id],
    ] as const) {
      expect(await usersQuery.all(db, name, selfId)).toEqual(await built(db, name, selfId));
    }
    expect(await usersQuery.first(db, 'Bo', bo.id)).toEqual({ id: bo.id, name: 'Bo', self_id: bo.id });
    expect(await usersQuery.first(db, 'Nobody', bo.id)).toBeUndefined();
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    const { db } = database;
    await db
      .transaction()
      .execute(async (trx) => {
        const user = await createUser(trx, { name: 'Uncommitted' });
        expect(await usersQuery.first(trx, 'Uncommitted', user.id)).toMatchObject({ id: user.id });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await usersQuery.all(db, 'Uncommitted', 0)).toEqual([]);
  });

  it('builds every time on a database with plugins, so they still see each query', async () => {
    const seen: string[] = [];
    const db = database.db.withPlugin({
      transformQuery: (args) => {
        seen.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const user = await createUser(database.db, { name: 'Cy' });
    expect(await usersQuery.first(db, 'Cy', user.id)).toMatchObject({ id: user.id });
    await usersQuery.first(db, 'Cy', user.id);
    expect(seen).toEqual(['SelectQueryNode', 'SelectQueryNode']);
  });

  it('refuses a build that does not bind each argument as a value', async () => {
    const ignoresItsArgument = new PreparedQuery((db: Db, _id: number) =>
      db.selectFrom('users').select('id'),
    );
    await expect(ignoresItsArgument.all(database.db, 1)).rejects.toThrow(/bind every argument/);
  });

  it("gives the compiled query with each call's values, and a `sql` template compiles as a builder does", async () => {
    const { db } = database;
    const named = new PreparedQuery(
      (_db: Db, name: string) => sql<{ id: number }>`select id from users where name = ${name} order by id`,
    );
    const ana = await createUser(db, { name: 'Ana' });
    const bo = await createUser(db, { name: 'Bo' });
    const first = named.compiled(db, 'Ana');
    const second = named.compiled(db, 'Bo');
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toEqual(['Ana']);
    expect((await db.executeQuery(first)).rows).toEqual([{ id: ana.id }]);
    expect((await db.executeQuery(second)).rows).toEqual([{ id: bo.id }]);
  });

  it('keeps one query per shape, its arity the number of arguments it is called with', async () => {
    const { db } = database;
    const byColumns = new PreparedShapes<Database, { id: number }>();
    const byValues = (values: Partial<Record<'name' | 'email', string>>) => {
      const columns = Object.keys(values) as ('name' | 'email')[];
      return byColumns.compiled(
        db,
        columns.join(','),
        columns.map((column) => values[column]),
        (db, ...args) =>
          db
            .selectFrom('users')
            .select('id')
            .where((eb) => eb.and(columns.map((column, index) => eb(column, '=', args[index] as string)))),
      );
    };
    const user = await createUser(db, { name: 'Cy', email: 'cy@example.com' });
    await createUser(db, { name: 'Cy', email: 'other@example.com' });
    const both = byValues({ name: 'Cy', email: 'cy@example.com' });
    expect((await db.executeQuery(both)).rows).toEqual([{ id: user.id }]);
    expect((await db.executeQuery(byValues({ name: 'Cy' }))).rows).toHaveLength(2);
    expect(byValues({ name: 'Dee', email: 'dee@example.com' }).sql).toBe(both.sql);
    const unbound = new PreparedQuery(
      (db: Db, ..._values: unknown[]) => db.selectFrom('users').select('id'),
      1,
    );
    expect(() => unbound.compiled(db, 'x')).toThrow(/bind every argument/);
  });
});
