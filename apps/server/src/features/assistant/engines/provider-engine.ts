import type { AssistantEngineId, AssistantSource } from '@teamboard/contract';
import type { ChatTurn, ProviderConfig, StreamChat } from '../providers/provider.js';
import type { Engine, EngineAnswer, EngineQuestion } from './engine.js';

/** What a model is given besides the question: the offline engines' best material. */
export interface GroundingContext {
  text: string;
  sources: AssistantSource[];
}

export type Grounding = (question: EngineQuestion) => Promise<GroundingContext>;

const LANGUAGE_NAMES = { en: 'English', es: 'Spanish (español)' } as const;
/** Earlier exchanges sent with a question: enough for a follow-up, not a long bill. */
const HISTORY_TURNS = 4;
/** ASSISTANT_FIRST_TOKEN_TIMEOUT_MS and ASSISTANT_IDLE_TIMEOUT_MS (docs/configuration.md). */
export interface ProviderTimeouts {
  firstTokenMs: number;
  idleMs: number;
}

export function systemPrompt(question: EngineQuestion, grounding: GroundingContext): string {
  return [
    'You are the assistant of TeamBoard, a project and task board used by university student teams and their teaching staff.',
    `Answer in ${LANGUAGE_NAMES[question.language]}, in Markdown, in at most 200 words: one clear, practical tip a student team can act on today.`,
    "Use the context below when it fits; cite a lesson or task by its link when you use it. Never invent facts about the team's project: only the project facts given are true.",
    question.task
      ? `The student opened the chat from the task "${question.task.title}": ${question.task.description}`
      : '',
    grounding.text ? `Context:\n${grounding.text}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Engines 3 (OpenAI-compatible) and 4 (Anthropic): a model given the retrieved context, streamed. */
export class ProviderEngine implements Engine {
  readonly streams = true;

  constructor(
    readonly id: AssistantEngineId,
    private readonly stream: StreamChat,
    private readonly config: () => Promise<ProviderConfig | null>,
    private readonly grounding: Grounding,
    private readonly timeouts: ProviderTimeouts,
  ) {}

  async answer(question: EngineQuestion, onDelta: (text: string) => void): Promise<EngineAnswer | null> {
    const config = await this.config();
    if (!config) return null;
    const context = await this.grounding(question);
    const turns: ChatTurn[] = [
      { role: 'system', text: systemPrompt(question, context) },
      ...question.history.slice(-HISTORY_TURNS).flatMap((past): ChatTurn[] => [
        { role: 'user', text: past.question },
        { role: 'assistant', text: past.answer },
      ]),
      { role: 'user', text: question.question },
    ];
    let markdown = '';
    for await (const delta of this.stream(config, turns, {
      signal: question.signal,
      firstTokenTimeoutMs: this.timeouts.firstTokenMs,
      idleTimeoutMs: this.timeouts.idleMs,
    })) {
      markdown += delta;
      onDelta(delta);
    }
    if (markdown.trim() === '') return null;
    return { markdown, sources: context.sources, artifact: null };
  }
}
