import type { Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * The audit log kept in the database too (lib/audit.ts writes each entry to the log and here), for
 * the dashboard's Audit tab (docs/api-admin-users.md). `user_id` is who did it; no foreign key, so
 * an entry outlives the account. `details` is the entry's other fields as JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('audit_events'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_events_at_index').on('audit_events').column('at').execute();
  await db.schema.createIndex('audit_events_user_id_index').on('audit_events').column('user_id').execute();
  await db.schema
    .createIndex('audit_events_event_index')
    .on('audit_events')
    .columns(['event', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
