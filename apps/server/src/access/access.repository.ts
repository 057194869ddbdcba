import type { ProjectRole } from '@teamboard/contract';
import type { Selectable } from 'kysely';
import type { AppDatabase } from '../db/app-database.js';
import type { Database, Db } from '../db/database.js';
import type { ChangeStamps } from '../lib/change-stamps.js';
import { PreparedQuery } from '../lib/prepared-query.js';

export type ProjectRow = Selectable<Database['projects']>;

/** The caller's membership of a project (role and placement), when they have one. */
export interface PlacementRecord {
  membership_id: number;
  role: ProjectRole;
  folder_id: number;
  sort_order: number;
  is_favorite: number;
}

export type ProjectWithPlacement = ProjectRow & { [K in keyof PlacementRecord]: PlacementRecord[K] | null };

export const PROJECT_COLUMNS = [
  'projects.id',
  'projects.name',
  'projects.description',
  'projects.is_private',
  'projects.has_github',
  'projects.time_zone',
  'projects.course_year',
  'projects.course_semester',
  'projects.course_section',
  'projects.course_group',
  'projects.created_by',
  'projects.created_at',
  'projects.updated_at',
] as const;

/** The caller's own filing of a project, selected beside the project's columns. */
export const PLACEMENT_COLUMNS = [
  'project_members.id as membership_id',
  'project_members.role',
  'project_members.folder_id',
  'project_members.sort_order',
  'project_members.is_favorite',
] as const;

// Prepared (built and compiled once per dialect): every project-scoped request runs it.
const projectForUserQuery = new PreparedQuery((db: Db, projectId: number, userId: number) =>
  db
    .selectFrom('projects')
    .leftJoin('project_members', (join) =>
      join.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', userId),
    )
    .select(PROJECT_COLUMNS)
    .select(PLACEMENT_COLUMNS)
    .where('projects.id', '=', projectId),
);

/**
 * A project with the caller's membership (if any) in one query: the base of every access check.
 * Remembered per app (db/app-database.ts) under the project's change stamp (lib/change-stamps.ts): a membership,
 * role, project or placement change announces itself (members.service.ts announceMembership…) and
 * the next check reads again. Inside a transaction (`db`, when given) it is always read.
 */
export function findProjectForUser(
  database: AppDatabase,
  projectId: number,
  userId: number,
  db: Db = database.db,
): Promise<ProjectWithPlacement | undefined> {
  if (db.isTransaction) return projectForUserQuery.first(db, projectId, userId);
  const memory = database.stampedMemory<string, ProjectWithPlacement>('project-access', 'project');
  return memory.read(
    `${projectId}:${userId}`,
    () => projectForUserQuery.first(db, projectId, userId),
    () => projectId,
  );
}

/** The project, its memberships or a member's placement changed (and committed). */
export function projectChanged(stamps: ChangeStamps, projectId: number): void {
  stamps.change('project', projectId);
}
