import type {
  AssistantArtifact,
  AssistantEngineId,
  AssistantKind,
  AssistantSource,
  Language,
} from '@teamboard/contract';
import type { UserRow } from '../../../users/users.js';

/** A task the chat was opened from (its help-bot section). */
export interface TaskContext {
  id: number;
  projectId: number;
  title: string;
  description: string;
}

/** An earlier exchange of the conversation: the question and the answer the user kept. */
export interface PastExchange {
  question: string;
  answer: string;
}

/** An uploaded image, its type checked from its bytes. */
export interface ChatImage {
  bytes: Buffer;
  mediaType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
}

/** What every engine is asked. */
export interface EngineQuestion {
  kind: AssistantKind;
  question: string;
  image: ChatImage | null;
  language: Language;
  user: UserRow;
  /** A project the asker may view (already checked), or null. */
  projectId: number | null;
  task: TaskContext | null;
  history: PastExchange[];
  /** Sources the other slots already answer with, so the three tips differ. */
  exclude: ReadonlySet<string>;
  signal: AbortSignal;
}

export interface EngineAnswer {
  markdown: string;
  sources: AssistantSource[];
  artifact: AssistantArtifact | null;
}

/**
 * An engine answers a question, streaming its text through `onDelta` if it can (a model), or all at
 * once (the offline engines: the chat streams their text in pieces). null: nothing fits — the slot
 * falls back to another engine. A thrown error is a failure: the same fallback.
 */
export interface Engine {
  readonly id: AssistantEngineId;
  readonly streams: boolean;
  answer(question: EngineQuestion, onDelta: (text: string) => void): Promise<EngineAnswer | null>;
}

/** The key a source is known by across slots. */
export function sourceKey(source: AssistantSource): string {
  return `${source.kind}:${source.id}`;
}
