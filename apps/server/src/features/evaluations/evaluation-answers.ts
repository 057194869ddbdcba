import type { EvaluationAnswerInput, ErrorCode } from '@teamboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { EvaluationQuestionRow } from './evaluations.table.js';

/**
 * Checks one person's answers against the evaluation: each names one of its questions, the right kind
 * of value (a score for a scale question, a text for a text one), and — in a team evaluation — one of
 * the other selected members (in a project evaluation no one). Returns the answers worth keeping
 * (empty ones dropped); throws EVALUATION_ANSWER_NOT_VALID otherwise.
 */
export function checkAnswers(
  answers: EvaluationAnswerInput[],
  questions: EvaluationQuestionRow[],
  subjectIds: number[] | null,
): EvaluationAnswerInput[] {
  const kinds = new Map(questions.map((q) => [q.id, q.kind]));
  const subjects = subjectIds === null ? null : new Set(subjectIds);
  const seen = new Set<string>();
  const kept: EvaluationAnswerInput[] = [];
  const invalid = () => new AppError('EVALUATION_ANSWER_NOT_VALID' satisfies ErrorCode);
  for (const answer of answers) {
    const kind = kinds.get(answer.question_id);
    if (kind === undefined) throw invalid();
    if (
      subjects === null
        ? answer.subject_id !== null
        : answer.subject_id === null || !subjects.has(answer.subject_id)
    ) {
      throw invalid();
    }
    if (kind === 'scale' ? answer.text !== null : answer.score !== null) throw invalid();
    const key = `${answer.question_id}:${answer.subject_id ?? ''}`;
    if (seen.has(key)) throw invalid();
    seen.add(key);
    const empty = kind === 'scale' ? answer.score === null : answer.text === null || answer.text === '';
    if (!empty) kept.push(answer);
  }
  return kept;
}

/** Every scale question is rated for every subject (text questions may stay empty). */
export function isComplete(
  answers: EvaluationAnswerInput[],
  questions: EvaluationQuestionRow[],
  subjectIds: number[] | null,
): boolean {
  const rated = new Set(
    answers.filter((a) => a.score !== null).map((a) => `${a.question_id}:${a.subject_id ?? ''}`),
  );
  const subjects: (number | null)[] = subjectIds ?? [null];
  return questions
    .filter((q) => q.kind === 'scale')
    .every((q) => subjects.every((subject) => rated.has(`${q.id}:${subject ?? ''}`)));
}
