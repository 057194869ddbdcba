import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Vitest global setup of the server suite: names this run (TEST_SCHEMA_RUN, inherited by the
 * workers) and, at the end, drops the PostgreSQL schemas the workers kept for reuse
 * (schema-pool.ts). Only this run's: another run on the same database keeps its own.
 */
export function setup(): void {
  process.env.TEST_SCHEMA_RUN = `r${randomBytes(4).toString('hex')}`;
}

export async function teardown(): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') return;
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where nspname like $1',
      [`test_${process.env.TEST_SCHEMA_RUN}_%`],
    );
    for (const { name } of rows) await client.query(`drop schema ${name} cascade`);
  } catch (error) {
    console.warn(`leftover test schemas were not dropped: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
