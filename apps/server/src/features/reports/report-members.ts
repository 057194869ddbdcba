import type { ReportMember } from '@teamboard/contract';
import type { Db } from '../../db/database.js';

/**
 * The people a report names: the project's members now, plus anyone else among `userIds` (someone
 * who left keeps their hours in the report, marked as no longer a member). Ordered by name.
 */
export async function reportMembers(db: Db, projectId: number, userIds: Iterable<number>): Promise<ReportMember[]> {
  const members = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['users.id', 'users.name'])
    .where('project_members.project_id', '=', projectId)
    .execute();
  const memberIds = new Set(members.map((member) => member.id));
  const others = [...new Set(userIds)].filter((id) => !memberIds.has(id));
  const former = others.length
    ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', others).execute()
    : [];
  return [
    ...members.map((row) => ({ user_id: row.id, name: row.name, is_member: true })),
    ...former.map((row) => ({ user_id: row.id, name: row.name, is_member: false })),
  ].sort((a, b) => a.name.localeCompare(b.name) || (a.user_id ?? 0) - (b.user_id ?? 0));
}
