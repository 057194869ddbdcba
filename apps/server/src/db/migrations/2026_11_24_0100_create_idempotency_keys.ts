import type { Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * One row per create a client sent with an `Idempotency-Key` header: its answer, replayed to a
 * retry of the same submission (a create whose answer was lost to a time-out) instead of running it
 * again. `status` is null while the first request is still running.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('idempotency_keys'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addUniqueConstraint('idempotency_keys_user_key_unique', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at_index')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
