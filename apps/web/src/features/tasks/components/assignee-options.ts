import { isWorkingRole, type Member } from '@teamboard/contract';

export type AssigneeGroup = 'team' | 'staff' | 'assigned';

/**
 * Whom the assignee picker offers (issue 44.3, the contract's isTeamWorker): the team first; then
 * teaching staff in a working role, whom an owner may name on purpose; a viewer never — except
 * someone already assigned, who stays listed so the name shows and can be removed.
 */
export function assigneeOptions(
  members: Member[],
  assigned: number[],
): { group: AssigneeGroup; items: { value: string; label: string }[] }[] {
  const groupOf = (member: Member): AssigneeGroup | null => {
    if (member.is_team_worker) return 'team';
    if (isWorkingRole(member.role)) return 'staff';
    return assigned.includes(member.id) ? 'assigned' : null;
  };
  const groups: AssigneeGroup[] = ['team', 'staff', 'assigned'];
  return groups
    .map((group) => ({
      group,
      items: members
        .filter((member) => groupOf(member) === group)
        .map((member) => ({ value: String(member.id), label: member.name })),
    }))
    .filter((entry) => entry.items.length > 0);
}
