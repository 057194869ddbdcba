import type { Generated, Selectable } from 'kysely';

/** Timestamps are ISO-8601 UTC strings; booleans 0/1 (db/dialect.ts). */
export interface AssistantConversationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  kind: 'standard' | 'image_code' | 'image_stories';
  task_id: number | null;
  visible: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AssistantBatchesTable {
  id: Generated<number>;
  conversation_id: number;
  chosen_model: 'tip1' | 'tip2' | 'tip3';
  disliked: Generated<number>;
  /** null until "did this help?" is answered; then 1 or 0. */
  helpful: number | null;
  created_at: string;
}

export interface AssistantMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  batch_id: number | null;
  role: 'user' | 'bot';
  slot: 'tip1' | 'tip2' | 'tip3' | null;
  engine: number | null;
  content: string;
  image: string | null;
  sources: string;
  artifact: string | null;
  created_at: string;
}

export interface LessonFeedbackTable {
  id: Generated<number>;
  user_id: number;
  batch_id: number | null;
  question: string;
  answer: string;
  source: string;
  created_at: string;
}

export interface AssistantSettingsTable {
  id: number;
  slot_tip1: number;
  slot_tip2: number;
  slot_tip3: number;
  image_engine: string;
  openai_base_url: string;
  openai_model: string;
  /** Sealed (lib/sealed-secrets.ts), never returned. */
  openai_key: string | null;
  openai_vision: Generated<number>;
  anthropic_base_url: string;
  anthropic_model: string;
  anthropic_key: string | null;
  anthropic_vision: Generated<number>;
  updated_by: number | null;
  updated_at: string;
}

export type AssistantConversationRow = Selectable<AssistantConversationsTable>;
export type AssistantBatchRow = Selectable<AssistantBatchesTable>;
export type AssistantMessageRow = Selectable<AssistantMessagesTable>;
export type AssistantSettingsRow = Selectable<AssistantSettingsTable>;
