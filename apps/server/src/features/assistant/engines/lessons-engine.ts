import { translate } from '@teamboard/i18n/server';
import type { AssistantSource, Language } from '@teamboard/contract';
import type { Engine, EngineAnswer, EngineQuestion } from './engine.js';

/** A lessons search's answer as the assistant reads it: hits best first, and whether none fits. */
export interface LessonRetrievalResult {
  /** The best lesson covers too little of the question to answer it. */
  noneFits: boolean;
  /** `coverage`: the share of the question's meaning the lesson covers, 0–1. */
  hits: { id: number; score: number; coverage: number }[];
}

/** The lessons search the lessons feature keeps (search-sync.ts), as the assistant uses it. */
export interface LessonRetrieval {
  search(query: string, options: { language?: Language; limit?: number }): Promise<LessonRetrievalResult>;
  texts(
    ids: readonly number[],
  ): Promise<{ id: number; title: string; problem: string; solution: string; language: Language }[]>;
}

/** Lessons quoted per answer at most. */
const QUOTED = 3;
/**
 * A hit after the first is quoted when it covers at least this share of the question's meaning:
 * below it, a lesson sharing a word or two with the question rarely answers it. Calibrated on the
 * development set (test/features/lessons/lesson-search-quality.test.ts).
 */
export const CITED_COVERAGE = 0.2;
const QUOTE_LENGTH = 280;

/**
 * The lessons worth quoting, best first: none when the search says none fits, else up to three that
 * each cover enough of the question, leaving out those already shown in this conversation.
 */
export function lessonsToCite(result: LessonRetrievalResult, exclude: ReadonlySet<string>): number[] {
  if (result.noneFits) return [];
  return result.hits
    .filter((hit) => hit.coverage >= CITED_COVERAGE && !exclude.has(`lesson:${hit.id}`))
    .slice(0, QUOTED)
    .map((hit) => hit.id);
}

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
    const result = await this.lessons.search(question.question, { limit: 8 });
    const lessons = await this.lessons.texts(lessonsToCite(result, question.exclude));
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
