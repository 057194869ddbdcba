import type {
  ErrorCode,
  EvaluationAnswerInput,
  EvaluationAnswersInput,
  MyEvaluationAnswers,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import { AppError } from '../../lib/app-error.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { UserRow } from '../../users/users.js';
import { projectToday, visibleEvaluation, type EvaluationReadingDeps } from './evaluation-reading.js';
import * as responses from './evaluation-responses.repository.js';
import { statusOf } from './evaluation-status.js';
import * as repo from './evaluations.repository.js';
import type { EvaluationQuestionRow, EvaluationRow } from './evaluations.table.js';

/**
 * Answering an evaluation: the selected members read and save their own answers while it is active,
 * checked against its questions and the people they rate.
 */

export interface EvaluationAnsweringDeps extends EvaluationReadingDeps {
  realtime: RealtimePublisher;
}

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

/** The people a respondent rates: the other selected members (team), or none (project: null). */
export function subjectsOf(row: EvaluationRow, members: repo.EvaluationPerson[], respondentId: number) {
  return row.type === 'team' ? members.filter((m) => m.user_id !== respondentId) : null;
}

export async function myAnswers(
  deps: EvaluationReadingDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
): Promise<MyEvaluationAnswers> {
  const { db } = deps;
  const listed = await visibleEvaluation(deps, viewer, access, row);
  if (listed.is_invited !== 1) throw new AppError('EVALUATION_NOT_INVITED');
  const members = await repo.evaluationMembers(db, row.id);
  const response = await responses.findResponse(db, row.id, viewer.id);
  const answers = response ? await responses.responseAnswers(db, response.id) : [];
  return {
    status: response === undefined ? 'none' : response.submitted_at ? 'submitted' : 'draft',
    submitted_at: response?.submitted_at ?? null,
    subjects: subjectsOf(row, members, viewer.id) ?? [],
    answers: answers.map(({ question_id, subject_id, score, text }) => ({
      question_id,
      subject_id,
      score,
      text,
    })),
    is_open: statusOf(row, projectToday(deps, access.project)) === 'active',
  };
}

/**
 * Saves the caller's answers while the evaluation is active. Once submitted, a response stays
 * submitted: later saves must be complete too (EVALUATION_ANSWERS_INCOMPLETE).
 */
export async function saveAnswers(
  deps: EvaluationAnsweringDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
  input: EvaluationAnswersInput,
): Promise<MyEvaluationAnswers> {
  const { db, clock } = deps;
  const listed = await visibleEvaluation(deps, viewer, access, row);
  if (listed.is_invited !== 1) throw new AppError('EVALUATION_NOT_INVITED');
  const status = statusOf(row, projectToday(deps, access.project));
  if (status === 'sent') throw new AppError('EVALUATION_NOT_OPEN');
  if (status === 'expired') throw new AppError('EVALUATION_EXPIRED');
  const [members, questions] = await Promise.all([
    repo.evaluationMembers(db, row.id),
    repo.evaluationQuestions(db, row.id),
  ]);
  const subjects = subjectsOf(row, members, viewer.id);
  const subjectIds = subjects?.map((s) => s.user_id) ?? null;
  const answers = checkAnswers(input.answers, questions, subjectIds);
  const submitting = input.submit || listed.my_submitted_at !== null;
  if (submitting && !isComplete(answers, questions, subjectIds))
    throw new AppError('EVALUATION_ANSWERS_INCOMPLETE');
  const now = clock.now().toISOString();
  await db.transaction().execute((trx) =>
    responses.saveResponse(
      trx,
      {
        evaluationId: row.id,
        respondentId: viewer.id,
        submittedAt: submitting ? (listed.my_submitted_at ?? now) : null,
        now,
      },
      answers,
    ),
  );
  deps.realtime.user([viewer.id], { type: 'evaluations.changed', project_id: row.project_id });
  return myAnswers(deps, viewer, access, row);
}
