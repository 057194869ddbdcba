import type { ProjectRole } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { PreparedQuery } from '../../lib/prepared-query.js';
import type { ProjectRow } from './projects.table.js';

/** The caller's membership of a project (role and placement), when they have one. */
export interface PlacementRecord {
  membership_id: number;
  role: ProjectRole;
  folder_id: number;
  sort_order: number;
  is_favorite: number;
}

export type ProjectWithPlacement = ProjectRow & { [K in keyof PlacementRecord]: PlacementRecord[K] | null };

function projectColumns() {
  return [
    'projects.id',
    'projects.name',
    'projects.description',
    'projects.is_private',
    'projects.has_github',
    'projects.created_by',
    'projects.created_at',
    'projects.updated_at',
  ] as const;
}

/** A project with the caller's membership (if any) in one query: the base of every access check. */
/** The caller's own filing of a project, selected beside the project's columns. */
const PLACEMENT_COLUMNS = [
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
    .select(projectColumns())
    .select(PLACEMENT_COLUMNS)
    .where('projects.id', '=', projectId),
);

export function findProjectForUser(
  db: Db,
  projectId: number,
  userId: number,
): Promise<ProjectWithPlacement | undefined> {
  return projectForUserQuery.first(db, projectId, userId);
}

/** Every project the user belongs to, with their placement, in one query. */
export function listProjectsOfUser(db: Db, userId: number): Promise<(ProjectRow & PlacementRecord)[]> {
  return db
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .select(projectColumns())
    .select(PLACEMENT_COLUMNS)
    .where('project_members.user_id', '=', userId)
    .orderBy('project_members.folder_id')
    .orderBy('project_members.sort_order')
    .orderBy('projects.id')
    .execute();
}

export function insertProject(
  db: Db,
  project: {
    name: string;
    description: string;
    is_private: number;
    created_by: number;
    created_at: string;
    updated_at: string;
  },
): Promise<ProjectRow> {
  return db.insertInto('projects').values(project).returningAll().executeTakeFirstOrThrow();
}

export function updateProject(
  db: Db,
  id: number,
  changes: { name?: string; description?: string; is_private?: number; updated_at: string },
): Promise<ProjectRow> {
  return db
    .updateTable('projects')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Memberships (with placements), invitations and activity go with it (ON DELETE CASCADE). */
export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}
