import type { FactsPeriod } from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';

/**
 * The facts only the fairness page reads (peer ratings come from the evaluations feature, which
 * applies the rating rule), each one query bounded by the project and the period. The
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
