import { LESSON_REPORTER_MIN_TEAM_SIZE } from '@teamboard/contract';
import type { Db } from '../../db/database.js';

/** A report with what moderation judges its reporter by (lesson-moderation.ts). */
export interface ReportWithReporter {
  user_id: number;
  created_at: string;
  reason: string | null;
  name: string;
  email: string;
  confirmed_at: string | null;
  account_created_at: string;
}

/** The lesson's reports, oldest first, each with its reporter's account. */
export function reportsOf(db: Db, lessonId: number): Promise<ReportWithReporter[]> {
  return db
    .selectFrom('lesson_reports')
    .innerJoin('users', 'users.id', 'lesson_reports.user_id')
    .select([
      'lesson_reports.user_id',
      'lesson_reports.created_at',
      'lesson_reports.reason',
      'users.name',
      'users.email',
      'users.confirmed_at',
      'users.created_at as account_created_at',
    ])
    .where('lesson_reports.lesson_id', '=', lessonId)
    .orderBy('lesson_reports.created_at')
    .orderBy('lesson_reports.user_id')
    .execute();
}

export interface TeamProject {
  project_id: number;
  name: string;
}

/**
 * The projects of each user that are teams (at least LESSON_REPORTER_MIN_TEAM_SIZE members), by
 * project id: a project of one, which anyone can make, gives no standing.
 */
export async function teamProjectsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, TeamProject[]>> {
  const teams = new Map<number, TeamProject[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return teams;
  const rows = await db
    .selectFrom('project_members as membership')
    .innerJoin('projects', 'projects.id', 'membership.project_id')
    .select(['membership.user_id', 'membership.project_id', 'projects.name'])
    .where('membership.user_id', 'in', userIds)
    .where(
      (eb) =>
        eb
          .selectFrom('project_members as team')
          .select((inner) => inner.fn.countAll<number>().as('size'))
          .whereRef('team.project_id', '=', 'membership.project_id'),
      '>=',
      LESSON_REPORTER_MIN_TEAM_SIZE,
    )
    .orderBy('membership.project_id')
    .execute();
  for (const row of rows) teams.get(row.user_id)?.push({ project_id: row.project_id, name: row.name });
  return teams;
}

/** Published lessons reported or hidden: those the moderation rule has something to say about. */
export async function reportedLessonIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('lessons')
    .select('id')
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('abuse', '>', 0), eb('hidden', '=', 1)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
