import type { EvaluationQuestionInput } from '@teamboard/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EvaluationQuestionRow, EvaluationRow, EvaluationsTable } from './evaluations.table.js';

/** An evaluation with its counts and the caller's own response state. */
export type EvaluationListRow = EvaluationRow & {
  members_count: number;
  submitted_count: number;
  is_invited: number;
  my_submitted_at: string | null;
  my_response_id: number | null;
};

export async function findEvaluation(db: Db, id: number): Promise<EvaluationRow | undefined> {
  return db.selectFrom('evaluations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A project's evaluations (or one) with counts and the viewer's own state, newest first. `sent`:
 * drafts left out; `invited`: the sent ones the viewer was selected for (what a member or viewer sees).
 */
export async function listEvaluations(
  db: Db,
  target: { projectId: number; viewerId: number; scope: 'all' | 'sent' | 'invited'; evaluationId?: number },
): Promise<EvaluationListRow[]> {
  const { projectId, viewerId, scope, evaluationId } = target;
  let query = db
    .selectFrom('evaluations as e')
    .leftJoin('evaluation_members as mine', (join) =>
      join.onRef('mine.evaluation_id', '=', 'e.id').on('mine.user_id', '=', viewerId),
    )
    .leftJoin('evaluation_responses as my_response', (join) =>
      join.onRef('my_response.evaluation_id', '=', 'e.id').on('my_response.respondent_id', '=', viewerId),
    )
    .selectAll('e')
    .select((eb) => [
      eb
        .selectFrom('evaluation_members as m')
        .whereRef('m.evaluation_id', '=', 'e.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('members_count'),
      eb
        .selectFrom('evaluation_responses as r')
        .whereRef('r.evaluation_id', '=', 'e.id')
        .where('r.submitted_at', 'is not', null)
        .select(eb.fn.countAll<number>().as('n'))
        .as('submitted_count'),
      eb.case().when('mine.user_id', 'is not', null).then(1).else(0).end().as('is_invited'),
      'my_response.submitted_at as my_submitted_at',
      'my_response.id as my_response_id',
    ])
    .where('e.project_id', '=', projectId);
  if (scope !== 'all') query = query.where('e.sent_at', 'is not', null);
  if (scope === 'invited') query = query.where('mine.user_id', 'is not', null);
  if (evaluationId !== undefined) query = query.where('e.id', '=', evaluationId);
  const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').execute();
  return rows.map((row) => ({
    ...row,
    members_count: Number(row.members_count ?? 0),
    submitted_count: Number(row.submitted_count ?? 0),
    is_invited: Number(row.is_invited),
  })) as EvaluationListRow[];
}

export interface EvaluationPerson {
  user_id: number;
  name: string;
}

/** The selected members, by name. */
export async function evaluationMembers(db: Db, evaluationId: number): Promise<EvaluationPerson[]> {
  return db
    .selectFrom('evaluation_members')
    .innerJoin('users', 'users.id', 'evaluation_members.user_id')
    .select(['evaluation_members.user_id', 'users.name'])
    .where('evaluation_members.evaluation_id', '=', evaluationId)
    .orderBy('users.name')
    .orderBy('evaluation_members.user_id')
    .execute();
}

export async function evaluationQuestions(db: Db, evaluationId: number): Promise<EvaluationQuestionRow[]> {
  return db
    .selectFrom('evaluation_questions')
    .selectAll()
    .where('evaluation_id', '=', evaluationId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Who submitted, by user id (never what they answered). */
export async function submittedUserIds(db: Db, evaluationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('evaluation_responses')
    .select('respondent_id')
    .where('evaluation_id', '=', evaluationId)
    .where('submitted_at', 'is not', null)
    .orderBy('respondent_id')
    .execute();
  return rows.map((row) => row.respondent_id);
}

/** Of `userIds`, those who are current members of the project (any role). */
export async function projectMemberIds(db: Db, projectId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export async function insertEvaluation(db: Db, values: Insertable<EvaluationsTable>): Promise<number> {
  const row = await db.insertInto('evaluations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvaluation(
  db: Db,
  id: number,
  values: Updateable<EvaluationsTable>,
): Promise<void> {
  await db.updateTable('evaluations').set(values).where('id', '=', id).execute();
}

/**
 * Sends a draft: only one concurrent send wins (the `sent_at is null` guard); false when it was
 * sent already.
 */
export async function markSent(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('evaluations')
    .set({ sent_at: at, updated_at: at })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEvaluation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('evaluations').where('id', '=', id).execute();
}

/** Replaces the selected members and the questions of a draft. */
export async function replaceMembersAndQuestions(
  db: Db,
  evaluationId: number,
  memberIds: number[],
  questions: EvaluationQuestionInput[],
): Promise<void> {
  await db.deleteFrom('evaluation_members').where('evaluation_id', '=', evaluationId).execute();
  await db.deleteFrom('evaluation_questions').where('evaluation_id', '=', evaluationId).execute();
  await db
    .insertInto('evaluation_members')
    .values(memberIds.map((user_id) => ({ evaluation_id: evaluationId, user_id })))
    .execute();
  await db
    .insertInto('evaluation_questions')
    .values(
      questions.map((question, position) => ({
        evaluation_id: evaluationId,
        position,
        kind: question.kind,
        text: question.text,
      })),
    )
    .execute();
}

/** Active evaluations sent to `userId` in any project they still belong to, not yet submitted. */
export async function pendingFor(db: Db, userId: number) {
  return db
    .selectFrom('evaluation_members as m')
    .innerJoin('evaluations as e', 'e.id', 'm.evaluation_id')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .innerJoin('project_members as pm', (join) =>
      join.onRef('pm.project_id', '=', 'e.project_id').on('pm.user_id', '=', userId),
    )
    .leftJoin('evaluation_responses as r', (join) =>
      join.onRef('r.evaluation_id', '=', 'e.id').on('r.respondent_id', '=', userId),
    )
    .select([
      'e.id',
      'e.project_id',
      'p.name as project_name',
      'p.time_zone',
      'e.title',
      'e.initial_date',
      'e.deadline',
      'r.id as response_id',
    ])
    .where('m.user_id', '=', userId)
    .where('e.sent_at', 'is not', null)
    .where('e.closed_at', 'is', null)
    .where('r.submitted_at', 'is', null)
    .orderBy('e.deadline')
    .orderBy('e.id')
    .execute();
}
