import type { Kysely } from 'kysely';
import { addIdColumn, booleanDefaultFalse, TIMESTAMP } from '../dialect.js';

/**
 * Lessons learned (docs/product.md, Lessons learned) with their tags, and one row per user for each
 * vote, view and abuse report: the unique pairs are what keep a repeated call from counting twice.
 * `votes`, `views` and `abuse` on the lesson are those rows counted, kept in the same transaction.
 * `changed_at` moves on every change a search index must see (docs/decisions.md, Lessons learned).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('lessons'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('problem', 'text', (col) => col.notNull())
    .addColumn('solution', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('hidden', 'integer', booleanDefaultFalse)
    .addColumn('votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('abuse', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('review_reason', 'text')
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('submitted_at', TIMESTAMP)
    .addColumn('published_at', TIMESTAMP)
    .addColumn('changed_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lessons_project_id_index').on('lessons').column('project_id').execute();
  await db.schema.createIndex('lessons_author_id_index').on('lessons').column('author_id').execute();
  await db.schema.createIndex('lessons_status_index').on('lessons').columns(['status', 'hidden']).execute();
  await db.schema.createIndex('lessons_changed_at_index').on('lessons').column('changed_at').execute();

  await db.schema
    .createTable('lesson_tags')
    .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lesson_tags_pk', ['lesson_id', 'tag'])
    .execute();
  await db.schema.createIndex('lesson_tags_tag_index').on('lesson_tags').column('tag').execute();

  for (const table of ['lesson_votes', 'lesson_views', 'lesson_reports'] as const) {
    let create = db.schema
      .createTable(table)
      .addColumn('lesson_id', 'integer', (col) => col.notNull().references('lessons.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull());
    if (table === 'lesson_reports') create = create.addColumn('reason', 'text');
    await create.addPrimaryKeyConstraint(`${table}_pk`, ['lesson_id', 'user_id']).execute();
    await db.schema.createIndex(`${table}_user_id_index`).on(table).column('user_id').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lesson_reports', 'lesson_views', 'lesson_votes', 'lesson_tags', 'lessons']) {
    await db.schema.dropTable(table).execute();
  }
}
