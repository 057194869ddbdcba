import { sql, type Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * Knowledge forms (docs/api-knowledge-forms.md): a teacher's or admin's self-assessment form for an
 * audience (each of year, semester, section, group null = any), open from `opens_on` to `closes_on`
 * (YYYY-MM-DD, inclusive, the server's days); its items; and each person's rating (1..5) and comment
 * per item. Removing an item or the form removes its answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('knowledge_forms'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('year', 'integer')
    .addColumn('semester', 'text')
    .addColumn('section', 'text')
    .addColumn('group', 'text')
    .addColumn('opens_on', 'text', (col) => col.notNull())
    .addColumn('closes_on', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_forms_created_by_index')
    .on('knowledge_forms')
    .column('created_by')
    .execute();
  // The audience's list: forms not long closed.
  await db.schema
    .createIndex('knowledge_forms_closes_on_index')
    .on('knowledge_forms')
    .column('closes_on')
    .execute();

  await addIdColumn(db, db.schema.createTable('knowledge_items'))
    .addColumn('form_id', 'integer', (col) =>
      col.notNull().references('knowledge_forms.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_items_form_id_index')
    .on('knowledge_items')
    .column('form_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('knowledge_answers'))
    .addColumn('form_id', 'integer', (col) =>
      col.notNull().references('knowledge_forms.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', (col) =>
      col.notNull().references('knowledge_items.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_answers_item_user_unique')
    .on('knowledge_answers')
    .columns(['item_id', 'user_id'])
    .unique()
    .execute();
  // One person's answers to a form, and a form's answers.
  await db.schema
    .createIndex('knowledge_answers_form_user_index')
    .on('knowledge_answers')
    .columns(['form_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('knowledge_answers_user_id_index')
    .on('knowledge_answers')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('knowledge_answers').execute();
  await db.schema.dropTable('knowledge_items').execute();
  await db.schema.dropTable('knowledge_forms').execute();
}
