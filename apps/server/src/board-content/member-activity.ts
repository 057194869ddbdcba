import type { AliasedSelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * What counts as a member's activity in a project, defined once for every reader: the hour-log
 * questions' "other activity" (docs/api-hour-signals.md, quiet days) and the fairness page's
 * "last activity" (docs/api-fairness.md). Timed sources are moments (UTC ISO text): commits authored
 * (mapped to a member by the code-hosting sync), task log entries (created, moved, completed, commit
 * linked — logging hours writes none) and comments on the project's tasks. Day sources are project
 * days: hours reported (the date worked) and stand-ups submitted.
 */

/** One source as `(user_id, at)` rows, aliased `activity` for the readers to bound and group. */
type Source = AliasedSelectQueryBuilder<{ user_id: number | null; at: string }, 'activity'>;

/** Each timed source as `(user_id, at)` rows of the project, people unknown left out. */
function timedSources(db: Db, projectId: number): Source[] {
  const sources = [
    db
      .selectFrom('commits')
      .innerJoin('repositories', 'repositories.id', 'commits.repository_id')
      .select(['commits.user_id as user_id', 'commits.committed_at as at'])
      .where('repositories.project_id', '=', projectId)
      .where('commits.user_id', 'is not', null),
    db
      .selectFrom('task_logs')
      .innerJoin('tasks', 'tasks.id', 'task_logs.task_id')
      .select(['task_logs.user_id as user_id', 'task_logs.created_at as at'])
      .where('tasks.project_id', '=', projectId)
      .where('task_logs.user_id', 'is not', null),
    db
      .selectFrom('comments')
      .innerJoin('tasks', 'tasks.id', 'comments.task_id')
      .select(['comments.user_id as user_id', 'comments.created_at as at'])
      .where('tasks.project_id', '=', projectId),
  ];
  return sources.map((source) => source.$castTo<{ user_id: number | null; at: string }>().as('activity'));
}

/** Each day source as `(user_id, at)` rows of the project. */
function daySources(db: Db, projectId: number): Source[] {
  const sources = [
    db.selectFrom('hours').select(['user_id', 'date as at']).where('project_id', '=', projectId),
    db.selectFrom('standups').select(['user_id', 'day as at']).where('project_id', '=', projectId),
  ];
  return sources.map((source) => source.$castTo<{ user_id: number | null; at: string }>().as('activity'));
}

export interface ActivityMoment {
  user_id: number;
  at: string;
}

/** The moments of timed activity of `userIds` from `from` (inclusive) to `before` (exclusive). */
export async function activityMoments(
  db: Db,
  projectId: number,
  userIds: number[],
  range: { from: string; before: string },
): Promise<ActivityMoment[]> {
  if (userIds.length === 0) return [];
  const rows = await Promise.all(
    timedSources(db, projectId).map((source) =>
      db
        .selectFrom(source)
        .select(['activity.user_id', 'activity.at'])
        .where('activity.user_id', 'in', userIds)
        .where('activity.at', '>=', range.from)
        .where('activity.at', '<', range.before)
        .execute(),
    ),
  );
  return rows.flat().filter((row): row is ActivityMoment => row.user_id !== null);
}

export interface LatestActivity {
  user_id: number;
  /** `day`: a project day (`YYYY-MM-DD`); `time`: an instant (UTC ISO text). */
  kind: 'day' | 'time';
  at: string;
}

/**
 * Each member's latest activity per source up to the end of a period (a day source through `toDay`,
 * a timed one before `before`), over the whole history — one row per member and source.
 */
export async function latestActivity(
  db: Db,
  projectId: number,
  end: { toDay: string; before: string },
): Promise<LatestActivity[]> {
  const latest = (source: Source, bound: string, inclusive: boolean) =>
    db
      .selectFrom(source)
      .select(['activity.user_id', (eb) => eb.fn.max('activity.at').as('at')])
      .where('activity.at', inclusive ? '<=' : '<', bound)
      .groupBy('activity.user_id')
      .execute();
  const [timed, days] = await Promise.all([
    Promise.all(timedSources(db, projectId).map((source) => latest(source, end.before, false))),
    Promise.all(daySources(db, projectId).map((source) => latest(source, end.toDay, true))),
  ]);
  const rows = (kind: LatestActivity['kind'], found: { user_id: number | null; at: string | null }[][]) =>
    found
      .flat()
      .filter((row) => row.user_id !== null && row.at !== null)
      .map((row) => ({ user_id: row.user_id!, kind, at: String(row.at) }));
  return [...rows('time', timed), ...rows('day', days)];
}
