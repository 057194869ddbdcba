import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT } from '../helpers/database.js';

/** The schema one test database uses: its name, from the search path its handle was given. */
async function schemaOf(db: Awaited<ReturnType<typeof createTestDatabase>>['db']): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

async function counts(db: Awaited<ReturnType<typeof createTestDatabase>>['db']) {
  const count = async (table: 'users' | 'terms_versions' | 'kysely_migration') => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    return rows[0]!.n;
  };
  return {
    users: await count('users'),
    terms: await count('terms_versions'),
    migrations: await count('kysely_migration'),
  };
}

async function addUser(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], email: string) {
  const now = new Date().toISOString();
  return db
    .insertInto('users')
    .values({ name: 'Ana', email, password_hash: 'x', created_at: now, updated_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
}

// PostgreSQL only: SQLite test databases are file copies (~1 ms), never reused.
describe.runIf(TEST_DIALECT === 'postgres')(
  'a reused PostgreSQL test schema (helpers/schema-reuse.ts)',
  () => {
    it('comes back as the template made it: no rows of the last test, its own rows, ids from the start', async () => {
      const first = await createTestDatabase();
      const fresh = await counts(first.db);
      const firstId = (await addUser(first.db, 'ana@example.edu')).id;
      await addUser(first.db, 'beto@example.edu');
      const name = await schemaOf(first.db);
      await first.drop();

      const second = await createTestDatabase();
      expect(await schemaOf(second.db)).toBe(name);
      expect(await counts(second.db)).toEqual(fresh);
      expect(fresh.users).toBe(0);
      expect(fresh.terms).toBeGreaterThan(0);
      expect((await addUser(second.db, 'ana@example.edu')).id).toBe(firstId);
      await second.drop();
    });

    it('leaves no dead rows of a test that filled a table: the next test scans an empty table', async () => {
      const first = await createTestDatabase();
      const now = new Date().toISOString();
      const many = Array.from({ length: 3000 }, (_, index) => ({
        name: `Student ${index}`,
        email: `student${index}@example.edu`,
        password_hash: 'x',
        created_at: now,
        updated_at: now,
      }));
      await first.db
        .insertInto('users')
        .values(many as never)
        .execute();
      await first.drop();

      const second = await createTestDatabase();
      const { rows } = await sql<{ bytes: string }>`select pg_relation_size('users') as bytes`.execute(
        second.db,
      );
      expect(Number(rows[0]!.bytes)).toBeLessThanOrEqual(8 * 8192);
      await second.drop();
    });

    it('is not reused once a test changed its shape', async () => {
      const first = await createTestDatabase();
      const name = await schemaOf(first.db);
      await sql`alter table users add column nickname text`.execute(first.db);
      await first.drop();

      const second = await createTestDatabase();
      expect(await schemaOf(second.db)).not.toBe(name);
      const columns = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
      where table_schema = current_schema() and table_name = 'users' and column_name = 'nickname'`.execute(
        second.db,
      );
      expect(columns.rows[0]!.n).toBe(0);
      await second.drop();
    });
  },
);
