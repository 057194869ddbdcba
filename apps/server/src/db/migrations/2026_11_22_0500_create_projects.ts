import { sql, type Kysely } from 'kysely';
import { addIdColumn, booleanDefaultFalse, TIMESTAMP } from '../dialect.js';

/** Folders (per user), projects, memberships with each member's own placement, invitations, activity. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('folders'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_archived', 'integer', booleanDefaultFalse)
    .addColumn('is_default', 'integer', booleanDefaultFalse)
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('folders_user_id_index').on('folders').column('user_id').execute();
  // Exactly one default folder per user, even when two first requests race to create it.
  await db.schema
    .createIndex('folders_one_default_per_user')
    .on('folders')
    .column('user_id')
    .unique()
    .where(sql<boolean>`is_default = 1`)
    .execute();

  await addIdColumn(db, db.schema.createTable('projects'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_private', 'integer', booleanDefaultFalse)
    .addColumn('has_github', 'integer', booleanDefaultFalse)
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('project_members'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'member', 'viewer')`))
    .addColumn('folder_id', 'integer', (col) => col.notNull().references('folders.id'))
    .addColumn('sort_order', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('is_favorite', 'integer', booleanDefaultFalse)
    .addColumn('joined_at', TIMESTAMP, (col) => col.notNull())
    .addUniqueConstraint('project_members_project_user_unique', ['project_id', 'user_id'])
    .execute();
  // The caller's projects (and their placement) by user; project_id lookups use the unique index.
  await db.schema
    .createIndex('project_members_user_folder_index')
    .on('project_members')
    .columns(['user_id', 'folder_id', 'sort_order'])
    .execute();
  await db.schema
    .createIndex('project_members_folder_id_index')
    .on('project_members')
    .column('folder_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('project_invitations'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'member', 'viewer')`))
    .addColumn('sender_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .addUniqueConstraint('project_invitations_project_email_unique', ['project_id', 'email'])
    .execute();
  await db.schema
    .createIndex('project_invitations_email_index')
    .on('project_invitations')
    .column('email')
    .execute();

  await addIdColumn(db, db.schema.createTable('activities'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('project_name', 'text', (col) => col.notNull())
    .addColumn('subject_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('subject_name', 'text')
    .addColumn('role', 'text')
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  // The feed: events of the caller's projects, plus events about the caller, newest (highest id) first.
  await db.schema
    .createIndex('activities_project_id_index')
    .on('activities')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema
    .createIndex('activities_subject_user_id_index')
    .on('activities')
    .columns(['subject_user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activities').execute();
  await db.schema.dropTable('project_invitations').execute();
  await db.schema.dropTable('project_members').execute();
  await db.schema.dropTable('projects').execute();
  await db.schema.dropTable('folders').execute();
}
