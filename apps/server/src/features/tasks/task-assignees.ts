import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { workingMemberIds } from '../members/members.service.js';
import * as repo from './tasks.repository.js';

/**
 * A task's new assignee list (issue 44.3): everyone newly named must be a member in a working role —
 * a viewer only watches; a teacher in a working role is assignable, named on purpose. Those already
 * assigned may stay while they are members (their role changing later does not rewrite the task).
 */
export async function assertAssignable(
  db: Db,
  projectId: number,
  ids: number[],
  before: number[],
): Promise<void> {
  const kept = ids.filter((id) => before.includes(id));
  const added = ids.filter((id) => !before.includes(id));
  // One after the other: `db` is usually a transaction, one connection.
  const members = await repo.countMembers(db, projectId, kept);
  const working = await workingMemberIds(db, projectId, added);
  if (members !== kept.length || working.length !== added.length) throw new AppError('VALIDATION_FAILED');
}
