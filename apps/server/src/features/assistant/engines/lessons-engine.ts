import { translate } from '@teamboard/i18n/server';
import type { AssistantSource, Language } from '@teamboard/contract';
import type { Engine, EngineAnswer, EngineQuestion } from './engine.js';

/** The lessons search the lessons feature keeps (search-sync.ts), as the assistant uses it. */
export interface LessonRetrieval {
  search(
    query: string,
    options: { language?: Language; limit?: number },
  ): Promise<{ hits: { id: number; score: number }[] }>;
  texts(
    ids: readonly number[],
  ): Promise<{ id: number; title: string; problem: string; solution: string; language: Language }[]>;
}

/** Lessons quoted per answer. */
const QUOTED = 2;
/** A weaker hit is left out: below this share of the best score it rarely fits the question. */
const RELATIVE_FLOOR = 0.5;
const QUOTE_LENGTH = 280;

function excerpt(text: string): string {
  const plain = text
    .replace(/[#*_`>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= QUOTE_LENGTH ? plain : `${plain.slice(0, plain.lastIndexOf(' ', QUOTE_LENGTH))}…`;
}

/** Engine 0: the published lessons that fit, quoted and linked, or plainly none. */
export class LessonsEngine implements Engine {
  readonly id = 0;
  readonly streams = false;

  constructor(private readonly lessons: LessonRetrieval) {}

  async answer(question: EngineQuestion): Promise<EngineAnswer | null> {
    const { hits } = await this.lessons.search(question.question, { limit: 8 });
    const best = hits[0]?.score ?? 0;
    const fitting = hits.filter(
      (hit) => hit.score >= best * RELATIVE_FLOOR && !question.exclude.has(`lesson:${hit.id}`),
    );
    const lessons = (await this.lessons.texts(fitting.map((hit) => hit.id))).slice(0, QUOTED);
    const t = (key: string, params = {}) =>
      translate(question.language, `assistant_engine:lessons.${key}`, params);
    if (lessons.length === 0) return { markdown: t('none'), sources: [], artifact: null };
    const sources: AssistantSource[] = lessons.map((lesson) => ({
      kind: 'lesson',
      id: String(lesson.id),
      title: lesson.title,
      url: `/lessons/${lesson.id}`,
    }));
    const blocks = lessons.map(
      (lesson) =>
        `**[${lesson.title}](/lessons/${lesson.id})**\n\n> ${excerpt(lesson.problem)}\n\n${t('solution')} ${excerpt(lesson.solution)}`,
    );
    return { markdown: [t('intro'), ...blocks].join('\n\n'), sources, artifact: null };
  }
}
