import { isCrossLanguage, isOutOfScope, toSearchable, type EvalQuestion, type EvalSet } from './eval-set.js';
import { LessonIndex } from './search-module.js';

export interface QualityFigures {
  questions: number;
  precisionAt1: number;
  recallAt3: number;
}

export interface QuestionOutcome {
  question: EvalQuestion;
  isCrossLanguage: boolean;
  isOutOfScope: boolean;
  hasTypo: boolean;
  top: number[];
  /** The search said that no lesson fits (its `noneFits` signal). */
  saysNoneFits: boolean;
  isTopRelevant: boolean;
  /** Share of its answers in the top 3; 0 for an out-of-scope question. */
  recallAt3: number;
}

/** An index of the set's lessons only. */
export function indexOf(set: EvalSet): LessonIndex {
  const index = new LessonIndex();
  index.replaceAll(set.lessons.map(toSearchable));
  return index;
}

/**
 * The engine's "no lesson fits" signal, read defensively: an engine that does not give it yet (or
 * gives something else than `true`) is taken to answer every question.
 */
export function saysNoneFits(result: object): boolean {
  return (result as { noneFits?: unknown }).noneFits === true;
}

/** Share of `relevant` among `found`; 0 when nothing is relevant. */
export function recallOf(relevant: readonly number[], found: readonly number[]): number {
  if (relevant.length === 0) return 0;
  return relevant.filter((id) => found.includes(id)).length / relevant.length;
}

/** Every question of the set against an index of the set's lessons only. */
export function evaluate(set: EvalSet): QuestionOutcome[] {
  const index = indexOf(set);
  const lessonsById = new Map(set.lessons.map((lesson) => [lesson.id, lesson]));
  return set.questions.map((question) => {
    const result = index.search(question.query, { limit: 3 });
    const top = result.hits.map((hit) => hit.id);
    return {
      question,
      isCrossLanguage: isCrossLanguage(question, lessonsById),
      isOutOfScope: isOutOfScope(question),
      hasTypo: question.kinds?.includes('typo') ?? false,
      top,
      saysNoneFits: saysNoneFits(result),
      isTopRelevant: top[0] !== undefined && question.relevant.includes(top[0]),
      recallAt3: recallOf(question.relevant, top),
    };
  });
}

/**
 * Precision@1 (the first hit answers the question) and recall@3 (share of the answers in the top 3),
 * of the hits whether or not the search also said that none fits (that is counted apart).
 */
export function summarize(outcomes: readonly QuestionOutcome[]): QualityFigures {
  const count = Math.max(1, outcomes.length);
  return {
    questions: outcomes.length,
    precisionAt1: outcomes.filter((outcome) => outcome.isTopRelevant).length / count,
    recallAt3: outcomes.reduce((sum, outcome) => sum + outcome.recallAt3, 0) / count,
  };
}

/** Share of the outcomes where the search said that no lesson fits. */
export function refusedShare(outcomes: readonly QuestionOutcome[]): number {
  return outcomes.filter((outcome) => outcome.saysNoneFits).length / Math.max(1, outcomes.length);
}
