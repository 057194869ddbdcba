import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * The run's prefix for PostgreSQL schemas that test files reuse (helpers/schema-reuse.ts), and their
 * drop when the run ends. A run that ended without dropping its own (killed) is swept by the next one:
 * its process is gone. The provided value's type is declared beside its reader (helpers/schema-reuse.ts).
 */
const POOL = 'test_pool_';

export default async function setup(project: TestProject) {
  const prefix = `${POOL}${process.pid}_`;
  project.provide('reusableSchemaPrefix', prefix);
  if (process.env.TEST_DB !== 'postgres') return;
  await dropSchemas((schema) => !isAlive(Number(schema.slice(POOL.length).split('_')[0])));
  return () => dropSchemas((schema) => schema.startsWith(prefix));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropSchemas(chosen: (schema: string) => boolean): Promise<void> {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
  } catch {
    return; // no PostgreSQL here: the suite itself says so (helpers/database.ts)
  }
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname like '${POOL}%'`,
    );
    for (const { nspname } of rows.filter((row) => chosen(row.nspname)))
      await client.query(`drop schema if exists ${nspname} cascade`);
  } finally {
    await client.end();
  }
}
