import {
  EVALUATION_SCALE_MAX,
  type AttributedRating,
  type EvaluationQuestionResult,
  type EvaluationResults,
  type EvaluationSubjectResult,
  type RatingView,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../../users/users.js';
import {
  projectToday,
  ratingViewerOf,
  shownQuestion,
  visibleEvaluation,
  type EvaluationReadingDeps,
} from './evaluation-reading.js';
import * as responses from './evaluation-responses.repository.js';
import type { SubmittedAnswer } from './evaluation-responses.repository.js';
import { statusOf } from './evaluation-status.js';
import * as repo from './evaluations.repository.js';
import type { EvaluationPerson } from './evaluations.repository.js';
import type { EvaluationQuestionRow, EvaluationRow } from './evaluations.table.js';
import { ratedScope, ratingView } from './rating-visibility.js';
import { round2 } from '../../lib/numbers.js';

function questionResult(
  question: EvaluationQuestionRow,
  answers: SubmittedAnswer[],
): EvaluationQuestionResult {
  const distribution: number[] = Array.from({ length: EVALUATION_SCALE_MAX }, () => 0);
  const texts: string[] = [];
  let sum = 0;
  let scored = 0;
  let answered = 0;
  for (const answer of answers) {
    if (question.kind === 'scale' && answer.score !== null) {
      distribution[answer.score - 1] = (distribution[answer.score - 1] ?? 0) + 1;
      sum += answer.score;
      scored += 1;
      answered += 1;
    } else if (question.kind === 'text' && answer.text !== null && answer.text !== '') {
      texts.push(answer.text);
      answered += 1;
    }
  }
  // Alphabetical, never in the order given: the order could tell who wrote what.
  texts.sort((a, b) => a.localeCompare(b));
  return {
    question_id: question.id,
    answered,
    average: scored === 0 ? null : round2(sum / scored),
    distribution,
    texts,
  };
}

/** Each answer with its rater, by rater name then question order (for teaching staff only). */
function attributed(questions: EvaluationQuestionRow[], answers: SubmittedAnswer[]): AttributedRating[] {
  const order = new Map(questions.map((question, index) => [question.id, index]));
  return answers
    .map((answer) => ({
      rater_id: answer.respondent_id,
      rater_name: answer.respondent_name,
      question_id: answer.question_id,
      score: answer.score,
      text: answer.text,
    }))
    .sort(
      (a, b) =>
        a.rater_name.localeCompare(b.rater_name) ||
        a.rater_id - b.rater_id ||
        (order.get(a.question_id) ?? 0) - (order.get(b.question_id) ?? 0),
    );
}

/**
 * The results block about one subject (a team member, or null: the project) from its answers, whole
 * (`attributed`); `asSeen` cuts it to what a viewer may see.
 */
export function subjectResult(
  subject: EvaluationPerson | null,
  questions: EvaluationQuestionRow[],
  answers: SubmittedAnswer[],
): EvaluationSubjectResult {
  const byQuestion = new Map<number, SubmittedAnswer[]>();
  for (const answer of answers) {
    const list = byQuestion.get(answer.question_id) ?? [];
    list.push(answer);
    byQuestion.set(answer.question_id, list);
  }
  const scores = answers.filter((a) => a.score !== null).map((a) => a.score as number);
  return {
    subject_id: subject?.user_id ?? null,
    name: subject?.name ?? null,
    raters: new Set(answers.map((a) => a.respondent_id)).size,
    average: scores.length === 0 ? null : round2(scores.reduce((s, v) => s + v, 0) / scores.length),
    questions: questions.map((question) => questionResult(question, byQuestion.get(question.id) ?? [])),
    visibility: 'attributed',
    ratings: attributed(questions, answers),
  };
}

/** A whole block as `view` lets it be seen: aggregates without raters, or only the subject's name. */
export function asSeen(block: EvaluationSubjectResult, view: RatingView): EvaluationSubjectResult {
  if (view === 'attributed') return block;
  if (view === 'aggregate') return { ...block, visibility: view, ratings: null };
  return {
    subject_id: block.subject_id,
    name: block.name,
    visibility: view,
    raters: null,
    average: null,
    questions: [],
    ratings: null,
  };
}

/** Team: one block per selected member (rated by the others); project: one block. */
export function resultBlocks(
  type: 'team' | 'project',
  members: EvaluationPerson[],
  questions: EvaluationQuestionRow[],
  answers: SubmittedAnswer[],
): EvaluationSubjectResult[] {
  if (type === 'project') return [subjectResult(null, questions, answers)];
  const bySubject = new Map<number, SubmittedAnswer[]>();
  for (const answer of answers) {
    if (answer.subject_id === null) continue;
    const list = bySubject.get(answer.subject_id) ?? [];
    list.push(answer);
    bySubject.set(answer.subject_id, list);
  }
  return members.map((member) => subjectResult(member, questions, bySubject.get(member.user_id) ?? []));
}

/**
 * Results from submitted answers only, as rating-visibility.ts lets the caller see them: teaching
 * staff every block attributed, any time after sending; a student owner every block and a selected
 * member their own (team) or the project's, once expired, each aggregate or withheld by its raters.
 */
export async function evaluationResults(
  deps: EvaluationReadingDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
): Promise<EvaluationResults> {
  const { db } = deps;
  const listed = await visibleEvaluation(deps, viewer, access, row);
  if (row.sent_at === null) throw new AppError('EVALUATION_NOT_SENT');
  const status = statusOf(row, projectToday(deps, access.project));
  const [members, questions] = await Promise.all([
    repo.evaluationMembers(db, row.id),
    repo.evaluationQuestions(db, row.id),
  ]);
  const base = {
    evaluation_id: row.id,
    type: row.type,
    status,
    questions: questions.map(shownQuestion),
    members_count: listed.members_count,
    submitted_count: listed.submitted_count,
  };
  const who = ratingViewerOf(viewer, access);
  const everyone = ratedScope(who) === 'everyone';
  if (!everyone && listed.is_invited !== 1) return { ...base, subjects: [], withheld: 'not_invited' };
  // Nothing a student could see yet is read at all (not even to count raters).
  if (ratingView(who, status, Infinity) === 'withheld')
    return { ...base, subjects: [], withheld: 'not_expired' };
  const answers = await responses.submittedAnswers(db, row.id);
  const blocks = resultBlocks(row.type, members, questions, answers).filter(
    (block) => everyone || block.subject_id === null || block.subject_id === viewer.id,
  );
  const subjects = blocks.map((block) => asSeen(block, ratingView(who, status, block.raters ?? 0)));
  return { ...base, subjects, withheld: null };
}
