import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * Applies every pending migration; throws with the failing migration's name. `schema` (PostgreSQL)
 * names the schema of the migration bookkeeping tables: Kysely looks for them across every schema,
 * so without it a database beside another migrated schema (tests) would skip creating its own.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  options: { schema?: string } = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
