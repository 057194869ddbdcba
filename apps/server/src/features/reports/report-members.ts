import type { ReportMember } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { whereTeamWorker } from '../members/members.service.js';

/**
 * The people a report names: the project's team (isTeamWorker: teaching staff and viewers are not
 * columns or rows of their own), plus anyone among `userIds` — whose recorded work always shows,
 * whether they are staff, a viewer, or someone who left (marked as no longer a member). By name.
 */
export async function reportMembers(
  db: Db,
  projectId: number,
  userIds: Iterable<number>,
): Promise<ReportMember[]> {
  const withWork = [...new Set(userIds)];
  const members = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['users.id', 'users.name'])
    .where('project_members.project_id', '=', projectId)
    .where((eb) =>
      withWork.length ? eb.or([whereTeamWorker(eb), eb('users.id', 'in', withWork)]) : whereTeamWorker(eb),
    )
    .execute();
  const memberIds = new Set(members.map((member) => member.id));
  // Every member with work was selected above: the rest are no longer members.
  const others = withWork.filter((id) => !memberIds.has(id));
  const former = others.length
    ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', others).execute()
    : [];
  return [
    ...members.map((row) => ({ user_id: row.id, name: row.name, is_member: true })),
    ...former.map((row) => ({ user_id: row.id, name: row.name, is_member: false })),
  ].sort((a, b) => a.name.localeCompare(b.name) || (a.user_id ?? 0) - (b.user_id ?? 0));
}
