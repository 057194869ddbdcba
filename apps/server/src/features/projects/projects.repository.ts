import type { Insertable } from 'kysely';
import { chunks } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import { PLACEMENT_COLUMNS, PROJECT_COLUMNS, type PlacementRecord } from '../../access/access.js';
import type { ProjectRow, ProjectsTable } from './projects.table.js';

/** Every project the user belongs to, with their placement, in one query. */
export function listProjectsOfUser(db: Db, userId: number): Promise<(ProjectRow & PlacementRecord)[]> {
  return db
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .select(PROJECT_COLUMNS)
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

/** Many projects in a few INSERTs (a roster import makes a course's worth); their ids and names. */
export async function insertProjects(
  db: Db,
  projects: Insertable<ProjectsTable>[],
): Promise<{ id: number; name: string }[]> {
  const inserted: { id: number; name: string }[] = [];
  for (const batch of chunks(projects))
    inserted.push(...(await db.insertInto('projects').values(batch).returning(['id', 'name']).execute()));
  return inserted;
}

/** Its place in a course (docs/api-course-overview.md); a column left out stays. */
export interface CourseChanges {
  course_year?: string | null;
  course_semester?: string | null;
  course_section?: string | null;
  course_group?: string | null;
}

export interface ProjectChanges extends CourseChanges {
  name?: string;
  description?: string;
  is_private?: number;
  time_zone?: string | null;
  updated_at: string;
}

export function updateProject(db: Db, id: number, changes: ProjectChanges): Promise<ProjectRow> {
  return db
    .updateTable('projects')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the course placement alone, nothing read back (a roster import sets it on many projects). */
export async function updateCourse(db: Db, id: number, changes: CourseChanges & { updated_at: string }) {
  await db.updateTable('projects').set(changes).where('id', '=', id).execute();
}

/** Memberships (with placements), invitations and activity go with it (ON DELETE CASCADE). */
export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}
