import { sql, type Kysely } from 'kysely';
import { addIdColumn, booleanDefaultFalse, TIMESTAMP } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('account_type', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('max_projects', 'integer')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('image_key', 'text')
    .addColumn('gitname', 'text')
    .addColumn('labname', 'text')
    .addColumn('slack_id', 'text')
    .addColumn('year', 'integer')
    .addColumn('semester', 'text')
    .addColumn('section', 'text')
    .addColumn('group', 'text')
    .addColumn('provider', 'text', (col) => col.notNull().defaultTo('email'))
    .addColumn('watched_tutorial', 'integer', booleanDefaultFalse)
    .addColumn('confirmed_at', TIMESTAMP)
    .addColumn('blocked_at', TIMESTAMP)
    .addColumn('terms_accepted_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('auth_sessions'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client', 'text', (col) => col.notNull().unique())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('last_used_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_sessions_user_id_index').on('auth_sessions').column('user_id').execute();

  await addIdColumn(db, db.schema.createTable('user_tokens'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('used_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_tokens_user_id_purpose_index')
    .on('user_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_tokens').execute();
  await db.schema.dropTable('auth_sessions').execute();
  await db.schema.dropTable('users').execute();
}
