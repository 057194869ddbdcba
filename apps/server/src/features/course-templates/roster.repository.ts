import type { CourseTemplateBody } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';

/** Rows per INSERT (and values per IN list): far below either database's limit of bound values. */
const CHUNK = 400;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/**
 * Two imports of one template run one after the other (PostgreSQL: the template's row is locked;
 * SQLite runs one transaction at a time already), so a team never gets two projects.
 */
export async function lockTemplate(db: Db, id: number): Promise<void> {
  if (isSqlite(db)) return;
  await db.selectFrom('course_templates').select('id').where('id', '=', id).forUpdate().execute();
}

/** The course placement of a team project, as the projects table holds it. */
export interface Placement {
  course_year: string | null;
  course_semester: string | null;
  course_section: string | null;
  course_group: string | null;
}

export type LinkedProject = Placement & { team_key: string; project_id: number; name: string };

/** The team projects earlier imports of the template made (and that still exist). */
export function linkedProjects(db: Db, templateId: number): Promise<LinkedProject[]> {
  return db
    .selectFrom('course_template_projects')
    .innerJoin('projects', 'projects.id', 'course_template_projects.project_id')
    .select([
      'course_template_projects.team_key',
      'projects.id as project_id',
      'projects.name',
      'projects.course_year',
      'projects.course_semester',
      'projects.course_section',
      'projects.course_group',
    ])
    .where('course_template_projects.template_id', '=', templateId)
    .execute();
}

/** Who is in the projects already (members by address) and who is invited, as "projectId email". */
export async function presentPeople(
  db: Db,
  projectIds: number[],
): Promise<{ members: Set<string>; memberIds: Set<string>; invited: Set<string> }> {
  const members = new Set<string>();
  const memberIds = new Set<string>();
  const invited = new Set<string>();
  for (const ids of chunks(projectIds)) {
    const [memberRows, invitationRows] = await Promise.all([
      db
        .selectFrom('project_members')
        .innerJoin('users', 'users.id', 'project_members.user_id')
        .select(['project_members.project_id', 'project_members.user_id', 'users.email'])
        .where('project_members.project_id', 'in', ids)
        .execute(),
      db
        .selectFrom('project_invitations')
        .select(['project_id', 'email'])
        .where('project_id', 'in', ids)
        .execute(),
    ]);
    for (const row of memberRows) {
      members.add(`${row.project_id} ${row.email}`);
      memberIds.add(`${row.project_id} ${row.user_id}`);
    }
    for (const row of invitationRows) invited.add(`${row.project_id} ${row.email}`);
  }
  return { members, memberIds, invited };
}

/** Confirmed, unblocked teachers and admins among these addresses. */
export function staffByEmail(db: Db, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', emails)
    .where('account_type', 'in', ['teacher', 'admin'])
    .where('blocked_at', 'is', null)
    .where('confirmed_at', 'is not', null)
    .execute();
}

export interface NewTeamProject extends Placement {
  name: string;
}

/** The team projects, created by `createdBy` (public: the course overview reads them); id by name. */
export async function insertProjects(
  db: Db,
  projects: NewTeamProject[],
  createdBy: number,
  now: string,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(projects)) {
    const rows = await db
      .insertInto('projects')
      .values(
        batch.map((project) => ({
          ...project,
          description: '',
          is_private: 0,
          time_zone: null,
          created_by: createdBy,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) ids.set(row.name, row.id);
  }
  return ids;
}

export async function insertLinks(
  db: Db,
  links: { template_id: number; team_key: string; team: string; project_id: number; created_at: string }[],
): Promise<void> {
  for (const batch of chunks(links)) await db.insertInto('course_template_projects').values(batch).execute();
}

/** The template's boards, columns, labels and milestones in each new project, a few INSERTs in all. */
export async function stampContent(
  db: Db,
  projectIds: number[],
  body: CourseTemplateBody,
  now: string,
): Promise<void> {
  const boards = projectIds.flatMap((project_id) =>
    body.boards.map((board, index) => ({
      project_id,
      name: board.name,
      description: '',
      position: index + 1,
      created_at: now,
      updated_at: now,
    })),
  );
  const columns: { board_id: number; name: string; position: number }[] = [];
  for (const batch of chunks(boards)) {
    const rows = await db.insertInto('boards').values(batch).returning(['id', 'position']).execute();
    for (const row of rows) {
      const board = body.boards[Number(row.position) - 1]!;
      columns.push(
        ...board.columns.map((column, index) => ({
          board_id: row.id,
          name: column.name,
          position: index + 1,
        })),
      );
    }
  }
  for (const batch of chunks(columns)) await db.insertInto('columns').values(batch).execute();
  const labels = projectIds.flatMap((project_id) => body.labels.map((label) => ({ project_id, ...label })));
  for (const batch of chunks(labels)) await db.insertInto('labels').values(batch).execute();
  const milestones = projectIds.flatMap((project_id) =>
    body.milestones.map((milestone) => ({
      project_id,
      name: milestone.name,
      start_date: milestone.start_date,
      deadline: milestone.deadline,
      sprint: milestone.sprint ? 1 : 0,
      created_at: now,
    })),
  );
  for (const batch of chunks(milestones)) await db.insertInto('milestones').values(batch).execute();
}

export async function updatePlacement(db: Db, projectId: number, placement: Placement, now: string) {
  await db
    .updateTable('projects')
    .set({ ...placement, updated_at: now })
    .where('id', '=', projectId)
    .execute();
}

/**
 * Staff join team projects as viewers, filed at the end of their default folder (written here in
 * batches rather than one members.service call per project: a course is 60 projects or more).
 */
export async function insertViewers(
  db: Db,
  viewers: { projectId: number; userId: number; folderId: number; sortOrder: number }[],
  now: string,
): Promise<void> {
  for (const batch of chunks(viewers)) {
    await db
      .insertInto('project_members')
      .values(
        batch.map((viewer) => ({
          project_id: viewer.projectId,
          user_id: viewer.userId,
          role: 'viewer' as const,
          folder_id: viewer.folderId,
          sort_order: viewer.sortOrder,
          joined_at: now,
        })),
      )
      .execute();
  }
}
