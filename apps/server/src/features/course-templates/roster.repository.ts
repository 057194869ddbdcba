import { chunks } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';

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

export async function insertLinks(
  db: Db,
  links: { template_id: number; team_key: string; team: string; project_id: number; created_at: string }[],
): Promise<void> {
  for (const batch of chunks(links)) await db.insertInto('course_template_projects').values(batch).execute();
}
