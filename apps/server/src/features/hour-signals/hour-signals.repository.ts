import type { Db } from '../../db/database.js';

/** The period asked about: dates worked `fromDay`…`toDay`, and its instants (UTC ISO, `before` exclusive). */
export interface Period {
  fromDay: string;
  toDay: string;
  from: string;
  before: string;
}

export interface LoggedEntry {
  id: number;
  user_id: number;
  task_id: number;
  task_title: string;
  date: string;
  hours: number;
  created_at: string;
}

/** Every hour entry of the project for a date worked in the period, per member in the order typed in. */
export async function loggedEntries(db: Db, projectId: number, period: Period): Promise<LoggedEntry[]> {
  const rows = await db
    .selectFrom('hours')
    .innerJoin('tasks', 'tasks.id', 'hours.task_id')
    .select([
      'hours.id',
      'hours.user_id',
      'hours.task_id',
      'tasks.title as task_title',
      'hours.date',
      'hours.hours',
      'hours.created_at',
    ])
    .where('hours.project_id', '=', projectId)
    .where('hours.date', '>=', period.fromDay)
    .where('hours.date', '<=', period.toDay)
    .orderBy('hours.user_id')
    .orderBy('hours.created_at')
    .orderBy('hours.id')
    .execute();
  return rows.map((row) => ({ ...row, hours: Number(row.hours) }));
}

export interface ActivityMoment {
  user_id: number;
  at: string;
}

/**
 * The moments in the period a member did something else in the project: commits authored (mapped to
 * a member by the code-hosting sync), task log entries (created, moved, completed, commit linked) and
 * comments. Hour entries are not task log entries, so logging hours never counts as activity.
 */
export async function otherActivity(
  db: Db,
  projectId: number,
  userIds: number[],
  period: Period,
): Promise<ActivityMoment[]> {
  if (userIds.length === 0) return [];
  const commits = db
    .selectFrom('commits')
    .innerJoin('repositories', 'repositories.id', 'commits.repository_id')
    .select(['commits.user_id', 'commits.committed_at as at'])
    .where('repositories.project_id', '=', projectId)
    .where('commits.user_id', 'in', userIds)
    .where('commits.committed_at', '>=', period.from)
    .where('commits.committed_at', '<', period.before)
    .execute();
  const taskChanges = db
    .selectFrom('task_logs')
    .innerJoin('tasks', 'tasks.id', 'task_logs.task_id')
    .select(['task_logs.user_id', 'task_logs.created_at as at'])
    .where('tasks.project_id', '=', projectId)
    .where('task_logs.user_id', 'in', userIds)
    .where('task_logs.created_at', '>=', period.from)
    .where('task_logs.created_at', '<', period.before)
    .execute();
  const comments = db
    .selectFrom('comments')
    .innerJoin('tasks', 'tasks.id', 'comments.task_id')
    .select(['comments.user_id', 'comments.created_at as at'])
    .where('tasks.project_id', '=', projectId)
    .where('comments.user_id', 'in', userIds)
    .where('comments.created_at', '>=', period.from)
    .where('comments.created_at', '<', period.before)
    .execute();
  const rows = (await Promise.all([commits, taskChanges, comments])).flat();
  return rows.filter((row): row is ActivityMoment => row.user_id !== null);
}
