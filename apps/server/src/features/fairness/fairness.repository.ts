import type { FactsPeriod } from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';

/**
 * The facts only the fairness page reads, each one query bounded by the project and the period. The
 * per-member facts (hours, closed tasks, commits, stand-ups) and the latest activity are shared with
 * other readers: board-content/member-facts.ts and member-activity.ts.
 */
export type Bounds = FactsPeriod;

/** The reviewer lists (JSON) of pull requests that may hold a review submitted in the period. */
export async function pullRequestReviewers(db: Db, projectId: number, b: Bounds): Promise<string[]> {
  const rows = await db
    .selectFrom('pull_requests')
    .innerJoin('repositories', 'repositories.id', 'pull_requests.repository_id')
    .select('pull_requests.reviewers')
    .where('repositories.project_id', '=', projectId)
    .where('pull_requests.updated_at', '>=', b.from)
    .execute();
  return rows.map((row) => row.reviewers);
}

/** Comments per member written on the project's tasks in the period. */
export async function commentCounts(db: Db, projectId: number, b: Bounds) {
  const rows = await db
    .selectFrom('comments')
    .innerJoin('tasks', 'tasks.id', 'comments.task_id')
    .select(['comments.user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('tasks.project_id', '=', projectId)
    .where('comments.created_at', '>=', b.from)
    .where('comments.created_at', '<', b.before)
    .groupBy('comments.user_id')
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, count: Number(row.count) }));
}

/**
 * Peer ratings received per member: scale answers about them (not by them) in submitted responses
 * to sent team evaluations whose open window (initial date to deadline) overlaps the period.
 */
export async function peerRatings(db: Db, projectId: number, b: Bounds) {
  const rows = await db
    .selectFrom('evaluation_answers')
    .innerJoin('evaluation_responses', 'evaluation_responses.id', 'evaluation_answers.response_id')
    .innerJoin('evaluations', 'evaluations.id', 'evaluation_responses.evaluation_id')
    .innerJoin('evaluation_questions', 'evaluation_questions.id', 'evaluation_answers.question_id')
    .select([
      'evaluation_answers.subject_id',
      (eb) => eb.fn.sum<number | string>('evaluation_answers.score').as('total'),
      (eb) => eb.fn.count<number | string>('evaluation_answers.score').as('ratings'),
    ])
    .where('evaluations.project_id', '=', projectId)
    .where('evaluations.type', '=', 'team')
    .where('evaluations.sent_at', 'is not', null)
    .where('evaluations.initial_date', '<=', b.toDay)
    .where('evaluations.deadline', '>=', b.fromDay)
    .where('evaluation_responses.submitted_at', 'is not', null)
    .where('evaluation_questions.kind', '=', 'scale')
    .where('evaluation_answers.score', 'is not', null)
    .where('evaluation_answers.subject_id', 'is not', null)
    .whereRef('evaluation_answers.subject_id', '<>', 'evaluation_responses.respondent_id')
    .groupBy('evaluation_answers.subject_id')
    .execute();
  return rows.map((row) => ({
    user_id: row.subject_id!,
    total: Number(row.total),
    ratings: Number(row.ratings),
  }));
}
