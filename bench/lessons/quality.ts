import { isCrossLanguage, toSearchable, type EvalQuestion, type EvalSet } from './eval-set.js';
import { LessonIndex } from './search-module.js';

export interface QualityFigures {
  questions: number;
  precisionAt1: number;
  recallAt3: number;
}

export interface QuestionOutcome {
  question: EvalQuestion;
  isCrossLanguage: boolean;
  top: number[];
  isTopRelevant: boolean;
  recallAt3: number;
}

/** Every question of the set against an index of the set's lessons only. */
export function evaluate(evalSet: EvalSet): QuestionOutcome[] {
  const index = new LessonIndex();
  index.replaceAll(evalSet.lessons.map(toSearchable));
  const lessonsById = new Map(evalSet.lessons.map((lesson) => [lesson.id, lesson]));
  return evalSet.questions.map((question) => {
    const top = index.search(question.query, { limit: 3 }).hits.map((hit) => hit.id);
    const found = question.relevant.filter((id) => top.includes(id)).length;
    return {
      question,
      isCrossLanguage: isCrossLanguage(question, lessonsById),
      top,
      isTopRelevant: top[0] !== undefined && question.relevant.includes(top[0]),
      recallAt3: found / question.relevant.length,
    };
  });
}

/** Precision@1 (the first hit answers the question) and recall@3 (share of the answers in the top 3). */
export function summarize(outcomes: readonly QuestionOutcome[]): QualityFigures {
  const count = Math.max(1, outcomes.length);
  return {
    questions: outcomes.length,
    precisionAt1: outcomes.filter((outcome) => outcome.isTopRelevant).length / count,
    recallAt3: outcomes.reduce((sum, outcome) => sum + outcome.recallAt3, 0) / count,
  };
}
