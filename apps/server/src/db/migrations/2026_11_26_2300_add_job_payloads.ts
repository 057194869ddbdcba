import type { Kysely } from 'kysely';

/**
 * Background jobs (docs/jobs.md) carry a payload: a mail job holds its message, sealed under
 * SECRET_KEY because reset and confirmation links are credentials. Null for jobs a key describes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('payload', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('payload').execute();
}
