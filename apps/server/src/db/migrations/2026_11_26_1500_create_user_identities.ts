import type { Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * Sign-in with OpenID Connect (docs/api-oidc.md). `user_identities` links an account to a provider's
 * subject (issuer + sub, unique). `oidc_handoffs` are the one-time codes the server's callback hands
 * to the web app: stored as an HMAC only, single use, short-lived; `user_id` is null while a new
 * person still has to accept the terms (their verified email and name wait here until then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('user_identities'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('last_sign_in_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_identities_issuer_subject_unique')
    .on('user_identities')
    .columns(['issuer', 'subject'])
    .unique()
    .execute();
  await db.schema
    .createIndex('user_identities_user_id_index')
    .on('user_identities')
    .column('user_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('oidc_handoffs'))
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('used_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('oidc_handoffs_expires_at_index')
    .on('oidc_handoffs')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_handoffs').execute();
  await db.schema.dropTable('user_identities').execute();
}
