import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  AssistantBatchesTable,
  AssistantBatchRow,
  AssistantConversationRow,
  AssistantConversationsTable,
  AssistantMessageRow,
  AssistantMessagesTable,
  AssistantSettingsRow,
  AssistantSettingsTable,
} from './assistant.table.js';

/** The caller's conversations, most recently used first. */
export function listConversations(db: Db, userId: number): Promise<AssistantConversationRow[]> {
  return db
    .selectFrom('assistant_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One conversation, only if it is the user's (anyone else's is "not found"). */
export async function findOwnConversation(
  db: Db,
  id: number,
  userId: number,
): Promise<AssistantConversationRow | undefined> {
  return db
    .selectFrom('assistant_conversations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertConversation(
  db: Db,
  values: Insertable<AssistantConversationsTable>,
): Promise<AssistantConversationRow> {
  return db.insertInto('assistant_conversations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateConversation(
  db: Db,
  id: number,
  values: Updateable<AssistantConversationsTable>,
): Promise<AssistantConversationRow> {
  return db
    .updateTable('assistant_conversations')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteConversation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('assistant_conversations').where('id', '=', id).execute();
}

export function listMessages(db: Db, conversationId: number): Promise<AssistantMessageRow[]> {
  return db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();
}

export function listBatches(db: Db, conversationId: number): Promise<AssistantBatchRow[]> {
  return db
    .selectFrom('assistant_batches')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();
}

export async function insertMessage(
  db: Db,
  values: Insertable<AssistantMessagesTable>,
): Promise<AssistantMessageRow> {
  return db.insertInto('assistant_messages').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findMessage(db: Db, id: number): Promise<AssistantMessageRow | undefined> {
  return db.selectFrom('assistant_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBatch(
  db: Db,
  values: Insertable<AssistantBatchesTable>,
): Promise<AssistantBatchRow> {
  return db.insertInto('assistant_batches').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A batch with its conversation's owner, only if that is `userId`. */
export async function findOwnBatch(
  db: Db,
  id: number,
  userId: number,
): Promise<(AssistantBatchRow & { owner_id: number }) | undefined> {
  return db
    .selectFrom('assistant_batches')
    .innerJoin('assistant_conversations', 'assistant_conversations.id', 'assistant_batches.conversation_id')
    .selectAll('assistant_batches')
    .select('assistant_conversations.user_id as owner_id')
    .where('assistant_batches.id', '=', id)
    .where('assistant_conversations.user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateBatch(
  db: Db,
  id: number,
  values: Updateable<AssistantBatchesTable>,
): Promise<AssistantBatchRow> {
  return db
    .updateTable('assistant_batches')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A batch's question (the user message just before it) and its answers. */
export async function batchMessages(
  db: Db,
  batch: AssistantBatchRow,
): Promise<{
  question: AssistantMessageRow | undefined;
  answers: AssistantMessageRow[];
}> {
  const answers = await db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('batch_id', '=', batch.id)
    .orderBy('id')
    .execute();
  // The question was stored just before the batch's answers (ids grow).
  let query = db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('conversation_id', '=', batch.conversation_id)
    .where('role', '=', 'user');
  if (answers[0]) query = query.where('id', '<', answers[0].id);
  const question = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return { question, answers };
}

export async function insertLessonFeedback(
  db: Db,
  values: {
    user_id: number;
    batch_id: number | null;
    question: string;
    answer: string;
    source: string;
    created_at: string;
  },
) {
  return db.insertInto('lesson_feedback').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findSettings(db: Db): Promise<AssistantSettingsRow | undefined> {
  return db.selectFrom('assistant_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** The one settings row, inserted the first time an admin saves. */
export async function saveSettings(db: Db, values: Insertable<AssistantSettingsTable>): Promise<void> {
  await db
    .insertInto('assistant_settings')
    .values(values)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/** The name shown beside a lesson feedback. */
export async function userName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}
