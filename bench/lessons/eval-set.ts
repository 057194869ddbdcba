import evalSetData from './eval-set.json' with { type: 'json' };
import type { SearchableLesson } from './search-module.js';

export type Language = 'en' | 'es';

export interface EvalLesson {
  id: number;
  language: Language;
  title: string;
  problem: string;
  solution: string;
  tags: string[];
}

export interface EvalQuestion {
  language: Language;
  query: string;
  /** Ids of the lessons that answer it. */
  relevant: number[];
}

export interface EvalSet {
  lessons: EvalLesson[];
  questions: EvalQuestion[];
}

/** eval-set.json, checked: a broken reference or a lopsided set would make the figures meaningless. */
export function loadEvalSet(): EvalSet {
  const evalSet = evalSetData as EvalSet;
  const ids = new Set(evalSet.lessons.map((lesson) => lesson.id));
  for (const question of evalSet.questions) {
    const unknown = question.relevant.filter((id) => !ids.has(id));
    if (question.relevant.length === 0 || unknown.length > 0) {
      throw new Error(`eval-set.json: question "${question.query}" has no or unknown relevant lessons`);
    }
  }
  return evalSet;
}

/** A question whose answers are all in the other language: the case the glossary exists for. */
export function isCrossLanguage(question: EvalQuestion, lessonsById: Map<number, EvalLesson>): boolean {
  return question.relevant.every((id) => lessonsById.get(id)?.language !== question.language);
}

/**
 * An eval lesson as the index sees it. Votes and dates are a fixed function of the id (0–24 votes),
 * so the votes prior plays its real, small part and every run ranks alike.
 */
export function toSearchable(lesson: EvalLesson): SearchableLesson {
  const day = 1 + ((lesson.id * 7) % 28);
  return {
    ...lesson,
    votes: (lesson.id * 37) % 25,
    publishedAt: `2024-${String(1 + (lesson.id % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  };
}
