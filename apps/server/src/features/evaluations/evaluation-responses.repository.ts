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

/**
 * One submitted answer with who gave it: results count distinct raters from it, and only teaching
 * staff get the rater back (rating-visibility.ts).
 */
export interface SubmittedAnswer {
  respondent_id: number;
  respondent_name: string;
  question_id: number;
  subject_id: number | null;
  score: number | null;
  text: string | null;
}

/**
 * Every submitted answer of an evaluation, with its respondent: results count raters from it and
 * hand it only to teaching staff (rating-visibility.ts).
 */
export async function submittedAnswers(
  db: Db,
  evaluationId: number,
  subjectId?: number,
): Promise<SubmittedAnswer[]> {
  let query = db
    .selectFrom('evaluation_answers as a')
    .innerJoin('evaluation_responses as r', 'r.id', 'a.response_id')
    .innerJoin('users as u', 'u.id', 'r.respondent_id')
    .select([
      'r.respondent_id',
      'u.name as respondent_name',
      'a.question_id',
      'a.subject_id',
      'a.score',
      'a.text',
    ])
    .where('r.evaluation_id', '=', evaluationId)
    .where('r.submitted_at', 'is not', null);
  if (subjectId !== undefined) query = query.where('a.subject_id', '=', subjectId);
  return query.execute();
}

/** The scale ratings one member received in one team evaluation, summed, with how many rated them. */
export interface PeerRatingGroup {
  evaluation: { sent_at: string | null; closed_at: string | null; initial_date: string; deadline: string };
  subject_id: number;
  total: number;
  ratings: number;
  raters: number;
}

/**
 * Scale answers about each member (not by them) in submitted responses to the project's sent team
 * evaluations whose open window (initial date to deadline) overlaps `fromDay`–`toDay`, per
 * evaluation and member: each group's visibility is decided on its own (rating-visibility.ts).
 */
export async function peerRatingGroups(
  db: Db,
  projectId: number,
  days: { fromDay: string; toDay: string },
): Promise<PeerRatingGroup[]> {
  const rows = await db
    .selectFrom('evaluation_answers as a')
    .innerJoin('evaluation_responses as r', 'r.id', 'a.response_id')
    .innerJoin('evaluations as e', 'e.id', 'r.evaluation_id')
    .innerJoin('evaluation_questions as q', 'q.id', 'a.question_id')
    .select((eb) => [
      'e.id',
      'e.sent_at',
      'e.closed_at',
      'e.initial_date',
      'e.deadline',
      'a.subject_id',
      eb.fn.sum<number | string>('a.score').as('total'),
      eb.fn.count<number | string>('a.score').as('ratings'),
      eb.fn.count<number | string>('r.respondent_id').distinct().as('raters'),
    ])
    .where('e.project_id', '=', projectId)
    .where('e.type', '=', 'team')
    .where('e.sent_at', 'is not', null)
    .where('e.initial_date', '<=', days.toDay)
    .where('e.deadline', '>=', days.fromDay)
    .where('r.submitted_at', 'is not', null)
    .where('q.kind', '=', 'scale')
    .where('a.score', 'is not', null)
    .where('a.subject_id', 'is not', null)
    .whereRef('a.subject_id', '<>', 'r.respondent_id')
    .groupBy(['e.id', 'e.sent_at', 'e.closed_at', 'e.initial_date', 'e.deadline', 'a.subject_id'])
    .execute();
  return rows.map((row) => ({
    evaluation: {
      sent_at: row.sent_at,
      closed_at: row.closed_at,
      initial_date: row.initial_date,
      deadline: row.deadline,
    },
    subject_id: row.subject_id!,
    total: Number(row.total),
    ratings: Number(row.ratings),
    raters: Number(row.raters),
  }));
}
