import { sql, type Kysely } from 'kysely';
import { addIdColumn, booleanDefaultFalse, TIMESTAMP } from '../dialect.js';

/**
 * The assistant (docs/api-assistant.md). A conversation is its owner's alone; each question gets a
 * batch of three answers (slots tip1..tip3), stored as bot messages of that batch beside the user's
 * message. `lesson_feedback` keeps the exchanges a user found helpful (SPEC §3 lesson feedback).
 * `assistant_settings` is one row (id 1) of engine choices; provider keys are sealed (lib/sealed-secrets).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('assistant_conversations'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('standard', 'image_code', 'image_stories')`),
    )
    .addColumn('task_id', 'integer', (col) => col.references('tasks.id').onDelete('set null'))
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_conversations_user_id_index')
    .on('assistant_conversations')
    .columns(['user_id', 'updated_at'])
    .execute();

  await addIdColumn(db, db.schema.createTable('assistant_batches'))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('assistant_conversations.id').onDelete('cascade'),
    )
    .addColumn('chosen_model', 'text', (col) =>
      col.notNull().check(sql`chosen_model in ('tip1', 'tip2', 'tip3')`),
    )
    .addColumn('disliked', 'integer', booleanDefaultFalse)
    .addColumn('helpful', 'integer')
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_batches_conversation_id_index')
    .on('assistant_batches')
    .column('conversation_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('assistant_messages'))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('assistant_conversations.id').onDelete('cascade'),
    )
    .addColumn('batch_id', 'integer', (col) => col.references('assistant_batches.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('user', 'bot')`))
    .addColumn('slot', 'text')
    .addColumn('engine', 'integer')
    .addColumn('content', 'text', (col) => col.notNull())
    /** A user message's image as a data: URL (at most ASSISTANT_IMAGE_MAX_BYTES decoded). */
    .addColumn('image', 'text')
    /** JSON: AssistantSource[]. */
    .addColumn('sources', 'text', (col) => col.notNull())
    /** JSON: AssistantArtifact or null. */
    .addColumn('artifact', 'text')
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_messages_conversation_id_index')
    .on('assistant_messages')
    .column('conversation_id')
    .execute();
  await db.schema
    .createIndex('assistant_messages_batch_id_index')
    .on('assistant_messages')
    .column('batch_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('lesson_feedback'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('batch_id', 'integer', (col) => col.references('assistant_batches.id').onDelete('set null'))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_feedback_user_id_index')
    .on('lesson_feedback')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('assistant_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('slot_tip1', 'integer', (col) => col.notNull())
    .addColumn('slot_tip2', 'integer', (col) => col.notNull())
    .addColumn('slot_tip3', 'integer', (col) => col.notNull())
    .addColumn('image_engine', 'text', (col) => col.notNull())
    .addColumn('openai_base_url', 'text', (col) => col.notNull())
    .addColumn('openai_model', 'text', (col) => col.notNull())
    .addColumn('openai_key', 'text')
    .addColumn('openai_vision', 'integer', booleanDefaultFalse)
    .addColumn('anthropic_base_url', 'text', (col) => col.notNull())
    .addColumn('anthropic_model', 'text', (col) => col.notNull())
    .addColumn('anthropic_key', 'text')
    .addColumn('anthropic_vision', 'integer', booleanDefaultFalse)
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'assistant_settings',
    'lesson_feedback',
    'assistant_messages',
    'assistant_batches',
    'assistant_conversations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
