import type { AppDatabase } from '../../db/app-database.js';
import {
  ASSISTANT_AUTO_TITLE_LENGTH,
  SPEC_MODEL_SLOTS,
  type AssistantBatch,
  type AssistantConversation,
  type AssistantConversationCreate,
  type AssistantKind,
  type AssistantMessagesResponse,
  type AssistantSlot,
  type Language,
  type LessonFeedback,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import { authorizeProject } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UserRow } from '../../users/users.js';
import { taskSummary } from '../tasks/tasks.service.js';
import * as repo from './assistant.repository.js';
import type { AssistantConversationRow } from './assistant.table.js';
import { toBatch, toConversation, toMessage } from './assistant-views.js';
import type { PastExchange, TaskContext } from './engines/engine.js';

export interface AssistantDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  /** A signed link to the preview page of a message with a code artifact. */
  previewUrl(messageId: number): string;
}

/** The SPEC's model names (GPT_4o…) or a slot name, as a slot. */
export function slotOf(chosen: string): AssistantSlot {
  return (SPEC_MODEL_SLOTS as Record<string, AssistantSlot>)[chosen] ?? (chosen as AssistantSlot);
}

/** Conversations, batches and lesson feedback: every read and write is the owner's alone. */
export class AssistantService {
  constructor(private readonly deps: AssistantDeps) {}

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  async list(user: UserRow): Promise<AssistantConversation[]> {
    return (await repo.listConversations(this.deps.db, user.id)).map(toConversation);
  }

  async create(user: UserRow, input: Required<Pick<AssistantConversationCreate, 'kind' | 'taskId'>>) {
    // A task as context must be one the caller may see: its title and description go to the engines.
    if (input.taskId != null && !(await this.viewableTask(user, input.taskId)))
      throw new AppError('NOT_FOUND');
    const now = this.now();
    const row = await repo.insertConversation(this.deps.db, {
      user_id: user.id,
      title: '',
      kind: input.kind ?? 'standard',
      task_id: input.taskId ?? null,
      created_at: now,
      updated_at: now,
    });
    return toConversation(row);
  }

  /** The caller's conversation, or 404 whoever else's it is (its existence must not leak). */
  async own(user: UserRow, id: number): Promise<AssistantConversationRow> {
    const row = await repo.findOwnConversation(this.deps.db, id, user.id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async messages(user: UserRow, id: number): Promise<AssistantMessagesResponse> {
    const conversation = await this.own(user, id);
    const [messages, batches] = await Promise.all([
      repo.listMessages(this.deps.db, id),
      repo.listBatches(this.deps.db, id),
    ]);
    return {
      conversation: toConversation(conversation),
      messages: messages.map((row) => toMessage(row, this.deps.previewUrl)),
      batches: batches.map(toBatch),
    };
  }

  async rename(user: UserRow, id: number, title: string): Promise<AssistantConversation> {
    await this.own(user, id);
    return toConversation(await repo.updateConversation(this.deps.db, id, { title, updated_at: this.now() }));
  }

  async remove(user: UserRow, id: number): Promise<void> {
    await this.own(user, id);
    await repo.deleteConversation(this.deps.db, id);
  }

  private async ownBatch(user: UserRow, id: number) {
    const batch = await repo.findOwnBatch(this.deps.db, id, user.id);
    if (!batch) throw new AppError('NOT_FOUND');
    return batch;
  }

  /** The tip the user keeps: it replaces the batch's answer in the conversation (tip1 until then). */
  async choose(user: UserRow, batchId: number, chosen: string): Promise<AssistantBatch> {
    const batch = await this.ownBatch(user, batchId);
    const slot = slotOf(chosen);
    const { answers } = await repo.batchMessages(this.deps.db, batch);
    if (!answers.some((answer) => answer.slot === slot)) throw new AppError('FIELD_NOT_VALID');
    return toBatch(await repo.updateBatch(this.deps.db, batchId, { chosen_model: slot }));
  }

  async dislike(user: UserRow, batchId: number): Promise<AssistantBatch> {
    await this.ownBatch(user, batchId);
    return toBatch(await repo.updateBatch(this.deps.db, batchId, { disliked: 1 }));
  }

  /**
   * "Did this help?" (SPEC §4): yes keeps the exchange as lesson feedback (question, the chosen
   * answer, its engine as source); both are remembered on the batch. Answering again changes nothing.
   */
  async feedback(
    user: UserRow,
    batchId: number,
    helpful: boolean,
  ): Promise<{ batch: AssistantBatch; feedback: LessonFeedback | null }> {
    const batch = await this.ownBatch(user, batchId);
    if (batch.helpful !== null) return { batch: toBatch(batch), feedback: null };
    const updated = await repo.updateBatch(this.deps.db, batchId, { helpful: helpful ? 1 : 0 });
    if (!helpful) return { batch: toBatch(updated), feedback: null };
    const { question, answers } = await repo.batchMessages(this.deps.db, batch);
    const chosen = answers.find((answer) => answer.slot === updated.chosen_model) ?? answers[0];
    if (!question || !chosen) return { batch: toBatch(updated), feedback: null };
    const feedback = await this.recordFeedback(user, {
      batchId,
      question: question.content || translate(user.language, 'assistant_engine:image_question'),
      answer: chosen.content,
      source: `engine_${chosen.engine ?? 1}`,
    });
    return { batch: toBatch(updated), feedback };
  }

  /** POST /api/lessons/create (SPEC §7) and the "yes" above. */
  async recordFeedback(
    user: UserRow,
    input: { batchId?: number | null; question: string; answer: string; source: string },
  ): Promise<LessonFeedback> {
    const row = await repo.insertLessonFeedback(this.deps.db, {
      user_id: user.id,
      batch_id: input.batchId ?? null,
      question: input.question,
      answer: input.answer,
      source: input.source,
      created_at: this.now(),
    });
    return {
      id: row.id,
      user: { id: user.id, name: user.name },
      question: row.question,
      answer: row.answer,
      source: row.source,
      createdAt: row.created_at,
    };
  }

  /** Earlier exchanges of a conversation with the answer the user kept, oldest first. */
  async history(conversationId: number): Promise<PastExchange[]> {
    const [messages, batches] = await Promise.all([
      repo.listMessages(this.deps.db, conversationId),
      repo.listBatches(this.deps.db, conversationId),
    ]);
    const chosen = new Map(batches.map((batch) => [batch.id, batch.chosen_model]));
    const exchanges: PastExchange[] = [];
    let question: string | null = null;
    for (const message of messages) {
      if (message.role === 'user') question = message.content;
      else if (question !== null && message.slot === chosen.get(message.batch_id ?? -1)) {
        exchanges.push({ question, answer: message.content });
        question = null;
      }
    }
    return exchanges;
  }

  /** The conversation's task, while its owner may still see it (a member removed since loses it). */
  async taskContext(user: UserRow, conversation: AssistantConversationRow): Promise<TaskContext | null> {
    if (conversation.task_id === null) return null;
    const task = await this.viewableTask(user, conversation.task_id);
    return (
      task && { id: task.id, projectId: task.project_id, title: task.title, description: task.description }
    );
  }

  /** A task of a project the user may view (the permission table's `project.view`), or null. */
  private async viewableTask(user: UserRow, taskId: number) {
    const task = await taskSummary(this.deps.db, taskId);
    if (!task) return null;
    try {
      await authorizeProject(this.deps.database, user, task.project_id, 'project.view');
      return task;
    } catch {
      return null;
    }
  }

  async storeQuestion(conversationId: number, content: string, image: string | null) {
    return repo.insertMessage(this.deps.db, {
      conversation_id: conversationId,
      batch_id: null,
      role: 'user',
      slot: null,
      engine: null,
      content,
      image,
      sources: '[]',
      artifact: null,
      created_at: this.now(),
    });
  }

  async startBatch(conversationId: number) {
    return repo.insertBatch(this.deps.db, {
      conversation_id: conversationId,
      chosen_model: 'tip1',
      created_at: this.now(),
    });
  }

  async storeAnswer(
    conversationId: number,
    batchId: number,
    answer: { slot: AssistantSlot; engine: number; markdown: string; sources: unknown[]; artifact: unknown },
  ) {
    const row = await repo.insertMessage(this.deps.db, {
      conversation_id: conversationId,
      batch_id: batchId,
      role: 'bot',
      slot: answer.slot,
      engine: answer.engine,
      content: answer.markdown,
      image: null,
      sources: JSON.stringify(answer.sources),
      artifact: answer.artifact === null ? null : JSON.stringify(answer.artifact),
      created_at: this.now(),
    });
    return toMessage(row, this.deps.previewUrl);
  }

  /** The title is set after the first answer (SPEC §4): the question's start, or the image mode's name. */
  async finishExchange(conversation: AssistantConversationRow, question: string, language: Language) {
    const title = conversation.title || autoTitle(question, conversation.kind, language);
    return toConversation(
      await repo.updateConversation(this.deps.db, conversation.id, { title, updated_at: this.now() }),
    );
  }

  /** A code answer's parts for its preview page; only the conversation's owner gets a link to it. */
  async previewOf(messageId: number) {
    const row = await repo.findMessage(this.deps.db, messageId);
    return row ? toMessage(row, this.deps.previewUrl).artifact : null;
  }
}

function autoTitle(question: string, kind: AssistantKind, language: Language): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text === '') return translate(language, `assistant_engine:image_title.${kind}`);
  return text.length <= ASSISTANT_AUTO_TITLE_LENGTH
    ? text
    : `${text.slice(0, ASSISTANT_AUTO_TITLE_LENGTH - 1).trimEnd()}…`;
}
