import type { AccountType, ProjectRole } from './permissions.js';

/**
 * Roles that may do a project's work (be assigned, log hours, be rated). A viewer only watches: the
 * roster files teaching staff as viewers, so a viewer is never offered as an assignee.
 */
export const WORKING_ROLES = ['owner', 'member'] as const satisfies readonly ProjectRole[];

export function isWorkingRole(role: ProjectRole): boolean {
  return (WORKING_ROLES as readonly ProjectRole[]).includes(role);
}

/**
 * The one rule for "the team" (issue 44.3): the people a project's reports, charts, assignee picker
 * and peer evaluations list by default are its student accounts in a working role. Teaching staff
 * (teacher, admin) in a working role count only where an owner names them on purpose — assigned to
 * a task, named in an evaluation — and whatever work someone has already recorded always shows.
 */
export function isTeamWorker(member: { role: ProjectRole; account_type: AccountType }): boolean {
  return isWorkingRole(member.role) && member.account_type === 'user';
}
