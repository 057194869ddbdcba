import { readFileSync } from 'node:fs';
import evalSetData from './eval-set.json' with { type: 'json' };
import type { SearchableLesson } from './search-module.js';

export type Language = 'en' | 'es';

/** What a question tests (README.md); cross-language is also computed from its answers' languages. */
export type QuestionKind =
  'plain' | 'paraphrase' | 'typo' | 'cross-language' | 'out-of-scope' | 'word-sense' | 'narrative';

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
  /** Ids of the lessons that answer it; empty when no lesson does (out of scope). */
  relevant: number[];
  kinds?: QuestionKind[];
}

export interface EvalSet {
  lessons: EvalLesson[];
  questions: EvalQuestion[];
}

/** Which set: the development set tunes the engine; the test set is held apart (README.md). */
export type SetName = 'dev' | 'test';

const TEST_SET_FILE = new URL('./test-set.json', import.meta.url);

/**
 * A set, checked: a broken reference would make the figures meaningless. A test-set error names the
 * question by its position only, so its text never reaches the terminal.
 */
function checked(set: EvalSet, name: SetName): EvalSet {
  const ids = new Set(set.lessons.map((lesson) => lesson.id));
  set.questions.forEach((question, position) => {
    if (question.relevant.some((id) => !ids.has(id))) {
      const which = name === 'dev' ? `"${question.query}"` : `number ${position + 1}`;
      throw new Error(`${name} set: question ${which} names a lesson the set does not hold`);
    }
  });
  return set;
}

/** No lesson answers it (`relevant: []`): the engine should say that no lesson fits. */
export function isOutOfScope(question: EvalQuestion): boolean {
  return question.relevant.length === 0;
}

/** eval-set.json, the development set. */
export function loadEvalSet(): EvalSet {
  return checked(evalSetData as EvalSet, 'dev');
}

/** test-set.json, held apart: the benchmark prints only aggregate figures from it. */
export function loadTestSet(): EvalSet {
  return checked(JSON.parse(readFileSync(TEST_SET_FILE, 'utf8')) as EvalSet, 'test');
}

/** Answerable, and every answer is in the other language: the case the glossary exists for. */
export function isCrossLanguage(question: EvalQuestion, lessonsById: Map<number, EvalLesson>): boolean {
  return (
    question.relevant.length > 0 &&
    question.relevant.every((id) => lessonsById.get(id)?.language !== question.language)
  );
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
