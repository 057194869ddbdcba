import type { EvaluationAnswerInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import type { EvaluationAnswerRow, EvaluationResponseRow } from './evaluations.table.js';

export async function findResponse(
  db: Db,
  evaluationId: number,
  respondentId: number,
): Promise<EvaluationResponseRow | undefined> {
  return db
    .selectFrom('evaluation_responses')
    .selectAll()
    .where('evaluation_id', '=', evaluationId)
    .where('respondent_id', '=', respondentId)
    .executeTakeFirst();
}

export async function responseAnswers(db: Db, responseId: number): Promise<EvaluationAnswerRow[]> {
  return db
    .selectFrom('evaluation_answers')
    .selectAll()
    .where('response_id', '=', responseId)
    .orderBy('id')
    .execute();
}

/**
 * Saves one person's whole set of answers (call inside a transaction): the response row is created or
 * touched, its old answers replaced. Two concurrent saves by the same person: the unique
 * (evaluation_id, respondent_id) index keeps one response, and the later save's answers win.
 */
export async function saveResponse(
  db: Db,
  target: { evaluationId: number; respondentId: number; submittedAt: string | null; now: string },
  answers: EvaluationAnswerInput[],
): Promise<void> {
  const { evaluationId, respondentId, submittedAt, now } = target;
  const response = await db
    .insertInto('evaluation_responses')
    .values({
      evaluation_id: evaluationId,
      respondent_id: respondentId,
      submitted_at: submittedAt,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['evaluation_id', 'respondent_id'])
        .doUpdateSet({ submitted_at: submittedAt, updated_at: now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('evaluation_answers').where('response_id', '=', response.id).execute();
  if (answers.length === 0) return;
  await db
    .insertInto('evaluation_answers')
    .values(
      answers.map((answer) => ({
        response_id: response.id,
        question_id: answer.question_id,
        subject_id: answer.subject_id,
        score: answer.score,
        text: answer.text,
      })),
    )
    .execute();
}

/** One submitted answer, without who gave it: what results are computed from. */
export interface SubmittedAnswer {
  respondent_id: number;
  question_id: number;
  subject_id: number | null;
  score: number | null;
  text: string | null;
}

/**
 * Every submitted answer of an evaluation. The respondent is read only to count distinct raters per
 * subject; results never return it.
 */
export async function submittedAnswers(
  db: Db,
  evaluationId: number,
  subjectId?: number,
): Promise<SubmittedAnswer[]> {
  let query = db
    .selectFrom('evaluation_answers as a')
    .innerJoin('evaluation_responses as r', 'r.id', 'a.response_id')
    .select(['r.respondent_id', 'a.question_id', 'a.subject_id', 'a.score', 'a.text'])
    .where('r.evaluation_id', '=', evaluationId)
    .where('r.submitted_at', 'is not', null);
  if (subjectId !== undefined) query = query.where('a.subject_id', '=', subjectId);
  return query.execute();
}
