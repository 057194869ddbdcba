import type { Kysely } from 'kysely';

/**
 * boards.version: bumped (board-versions.ts) in every write transaction that changes what
 * GET /api/boards/:id returns, so the ETag is known from one small query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('boards')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('boards').dropColumn('version').execute();
}
