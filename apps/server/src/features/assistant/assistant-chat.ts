import type { AppDatabase } from '../../db/app-database.js';
import {
  type AssistantEngineId,
  type AssistantKind,
  type AssistantSlot,
  type AssistantStreamEvent,
  type Language,
  ASSISTANT_SLOTS,
  OFFLINE_ENGINE_IDS,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import { authorizeProject } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Throttle } from '../../lib/throttle.js';
import type { UserRow } from '../../users/users.js';
import { answerBatch, type SlotPlan } from './answer-batch.js';
import type { AssistantService } from './assistant.service.js';
import type { AssistantConversationRow } from './assistant.table.js';
import type { EngineSettings } from './assistant-settings.js';
import { decodeChatImage, toDataUrl } from './chat-image.js';
import type { ChatImage, Engine, TaskContext } from './engines/engine.js';

export interface ChatEngines {
  /** Engines 0..4 for tips. */
  tips: Record<AssistantEngineId, Engine>;
  /** The image modes: OCR, and a vision model per provider engine. */
  ocr: Engine;
  vision: Record<3 | 4, Engine>;
}

export interface ChatInput {
  conversationId: number;
  prompt: string;
  image: { base64: string; extension: string } | null;
  language?: Language | undefined;
  projectId: number | null;
}

/** Checked before the stream starts, so a refusal is a plain JSON error that changes nothing. */
export interface PreparedChat {
  user: UserRow;
  conversation: AssistantConversationRow;
  question: string;
  image: ChatImage | null;
  language: Language;
  projectId: number | null;
  task: TaskContext | null;
}

type Emit = (event: AssistantStreamEvent) => void;

const MINUTE_MS = 60_000;

/** The order a slot tries the offline engines after its own (the issue: tips 1, 0, 2). */
const FALLBACKS: readonly AssistantEngineId[] = [1, 0, 2];

export function planSlots(
  kind: AssistantKind,
  hasImage: boolean,
  settings: EngineSettings,
  engines: ChatEngines,
): SlotPlan {
  if (kind !== 'standard' && hasImage) {
    const own =
      settings.imageEngine === 'openai'
        ? [engines.vision[3]]
        : settings.imageEngine === 'anthropic'
          ? [engines.vision[4]]
          : [];
    return { tip1: [...own, engines.ocr] };
  }
  return Object.fromEntries(
    ASSISTANT_SLOTS.map((slot: AssistantSlot) => {
      const assigned = settings.slots[slot];
      const order = [
        assigned,
        ...FALLBACKS.filter((id) => id !== assigned && OFFLINE_ENGINE_IDS.includes(id)),
      ];
      return [slot, order.map((id) => engines.tips[id])];
    }),
  );
}

/** POST …/chatbot/response: one question, its batch of answers streamed and stored. */
export class AssistantChat {
  constructor(
    private readonly deps: {
      database: AppDatabase;
      db: Db;
      conversations: AssistantService;
      settings: () => Promise<EngineSettings>;
      engines: ChatEngines;
      throttle: Throttle;
      questionsPerMinute: number;
      log: FastifyBaseLogger;
    },
  ) {}

  async prepare(user: UserRow, input: ChatInput): Promise<PreparedChat> {
    const conversation = await this.deps.conversations.own(user, input.conversationId);
    // A model call costs the school money and an OCR run seconds of a core: a person asks at most
    // ASSISTANT_QUESTIONS_PER_MINUTE a minute (a student reading three tips asks far fewer), counted
    // across instances with REDIS_URL; with Redis unreachable the question is refused (503).
    if (!(await this.deps.throttle.hit(`assistant:${user.id}`, this.deps.questionsPerMinute, MINUTE_MS))) {
      throw new AppError('RATE_LIMITED');
    }
    const image = input.image ? await decodeChatImage(input.image) : null;
    const task = await this.deps.conversations.taskContext(user, conversation);
    return {
      user,
      conversation,
      question: input.prompt.trim(),
      image,
      language: input.language ?? user.language,
      projectId: await this.viewableProject(user, input.projectId ?? task?.projectId ?? null),
      task,
    };
  }

  /** A project the asker may view, else none: the coach never answers about anyone else's project. */
  private async viewableProject(user: UserRow, projectId: number | null): Promise<number | null> {
    if (projectId === null) return null;
    try {
      await authorizeProject(this.deps.database, user, projectId, 'project.view');
      return projectId;
    } catch {
      return null;
    }
  }

  async run(chat: PreparedChat, emitEvent: Emit, signal: AbortSignal): Promise<void> {
    const { conversations } = this.deps;
    const { conversation } = chat;
    await conversations.storeQuestion(conversation.id, chat.question, chat.image && toDataUrl(chat.image));
    const batch = await conversations.startBatch(conversation.id);
    const emit = (event: Omit<AssistantStreamEvent, 'id'>) => emitEvent({ ...event, id: batch.id });
    try {
      const plan = planSlots(
        conversation.kind,
        chat.image !== null,
        await this.deps.settings(),
        this.deps.engines,
      );
      await answerBatch(
        {
          kind: conversation.kind,
          question: chat.question,
          image: chat.image,
          language: chat.language,
          user: chat.user,
          projectId: chat.projectId,
          task: chat.task,
          history: await conversations.history(conversation.id),
          signal,
        },
        plan,
        emit,
        async ({ slot, engine, answer }) => {
          const message = await conversations.storeAnswer(conversation.id, batch.id, {
            slot,
            engine,
            ...answer,
          });
          emit({
            model: slot,
            event: 'done',
            data: '',
            engine,
            messageId: message.id,
            sources: message.sources,
            artifact: message.artifact,
            previewUrl: message.previewUrl,
          });
        },
        this.deps.log,
      );
      const updated = await conversations.finishExchange(conversation, chat.question, chat.language);
      emit({ model: 'tip1', event: 'meta', data: '', conversationId: updated.id, title: updated.title });
    } catch (error) {
      if (signal.aborted) return;
      this.deps.log.error({ err: error }, 'assistant: the answer failed');
      emit({
        model: 'tip1',
        event: 'error',
        data: translate(chat.language, 'errors:ASSISTANT_ENGINE_FAILED'),
      });
    }
  }
}
