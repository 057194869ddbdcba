import type { AssistantStreamEvent } from '@teamboard/contract';
import type { Db } from '../../src/db/database.js';
import { signPath } from '../../src/lib/signed-urls.js';

export interface AssistantFixture {
  conversationId: number;
  batchId: number;
  /** A bot answer with a code artifact (its preview link is signed by `previewPath`). */
  messageId: number;
}

/** A conversation with one question and one answer straight into the database (fixtures). */
export async function insertAssistantConversation(db: Db, userId: number): Promise<AssistantFixture> {
  const now = '2026-11-22T10:00:00.000Z';
  const conversation = await db
    .insertInto('assistant_conversations')
    .values({
      user_id: userId,
      title: 'Fixture',
      kind: 'standard',
      task_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = { conversation_id: conversation.id, sources: '[]', created_at: now, image: null };
  await db
    .insertInto('assistant_messages')
    .values({
      ...message,
      batch_id: null,
      role: 'user',
      slot: null,
      engine: null,
      content: 'Login page?',
      artifact: null,
    })
    .execute();
  const batch = await db
    .insertInto('assistant_batches')
    .values({ conversation_id: conversation.id, chosen_model: 'tip1', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const answer = await db
    .insertInto('assistant_messages')
    .values({
      ...message,
      batch_id: batch.id,
      role: 'bot',
      slot: 'tip1',
      engine: 1,
      content: 'A form.',
      artifact: JSON.stringify({ kind: 'code', html: '<form></form>', css: '', js: '' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { conversationId: conversation.id, batchId: batch.id, messageId: answer.id };
}

/** The signed preview link of a code answer, as the messages call would give it. */
export function previewPath(secretKey: string, messageId: number): string {
  return signPath(secretKey, '/api/assistant/previews/', String(messageId), 4_102_444_800);
}

/** The `data:` payloads of a server-sent event stream, in order. */
export function streamEvents(body: string): { events: AssistantStreamEvent[]; done: boolean } {
  const data = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length));
  const done = data.at(-1) === '[DONE]';
  const events = data
    .filter((line) => line !== '[DONE]')
    .map((line) => JSON.parse(line) as AssistantStreamEvent);
  return { events, done };
}

/** Each slot's text, joined from its deltas after its last reset. */
export function slotTexts(events: AssistantStreamEvent[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const event of events) {
    if (event.event === 'reset' || (event.event === 'start' && !(event.model in texts)))
      texts[event.model] = '';
    if (event.event === 'delta') texts[event.model] = (texts[event.model] ?? '') + event.data;
  }
  return texts;
}
