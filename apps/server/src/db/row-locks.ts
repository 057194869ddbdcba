import type { Db } from './database.js';
import { isSqlite } from './dialect.js';

/**
 * Every "count, then write" rule (the last owner of a project, `max_projects` of an account, one
 * stand-up per day…) runs inside a transaction that first locks the row the rule is about:
 * - PostgreSQL: `SELECT … FOR UPDATE` on that row. Two requests on the same project (or account)
 *   then run their count and write one after the other; READ COMMITTED re-reads the count after
 *   the first commits. Requests on other rows still run in parallel.
 * - SQLite: one connection runs one transaction at a time (Kysely serializes them), so the rule
 *   already runs alone; there is no lock statement.
 * Rules that a unique constraint can state (one invitation per project and address) use the
 * constraint instead (docs/security.md, Concurrency).
 */
export async function lockRow(db: Db, table: 'projects' | 'users', id: number): Promise<void> {
  if (isSqlite(db)) return;
  await db
    .selectFrom(table as 'projects')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .execute();
}
