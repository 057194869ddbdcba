import { WORKING_ROLES } from '@teamboard/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.js';

type MembersWithUsers = ExpressionBuilder<Database, 'project_members' | 'users'>;

/**
 * isTeamWorker (contract) as SQL, built from the same constants: a student account in a working
 * role. For a query joining `project_members` to `users`.
 */
export function whereTeamWorker(eb: MembersWithUsers) {
  return eb.and([eb('project_members.role', 'in', WORKING_ROLES), eb('users.account_type', '=', 'user')]);
}

/** The project's team, as isTeamWorker counts it, by user id. */
export async function teamWorkerIds(db: Db, projectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select('project_members.user_id')
    .where('project_members.project_id', '=', projectId)
    .where(whereTeamWorker)
    .orderBy('project_members.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Those among `userIds` who are members in a working role (any account type): who an owner may
 * name on purpose — as a task's assignee — beyond the team. A viewer never is.
 */
export async function workingMemberIds(db: Db, projectId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', userIds)
    .where('role', 'in', WORKING_ROLES)
    .execute();
  return rows.map((row) => row.user_id);
}
