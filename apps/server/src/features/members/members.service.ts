import type { ChangeStamps } from '../../lib/change-stamps.js';
import type { AppDatabase } from '../../db/app-database.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import { isTeamWorker, type Member, type ProjectRole } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { recordActivity } from '../activity/activity.service.js';
import { lockRow } from '../../db/row-locks.js';
import { AVATAR_URL_PREFIX, findUserById, type UserRow } from '../../users/users.js';
import { projectChanged, type ProjectAccess } from '../../access/access.js';
import * as repo from './members.repository.js';
import type { MemberRecord } from './members.repository.js';

export type { MembershipRow } from './members.table.js';
export type { MemberRecord } from './members.repository.js';
export { teamWorkerIds, whereTeamWorker, workingMemberIds } from './team-workers.js';
export {
  countOwnedProjects,
  findMembership,
  isMemberByEmail,
  listMembers,
  listMembersOfUserProjects,
  nextSortOrder,
  updatePlacement,
} from './members.repository.js';

export function toMember(record: MemberRecord): Member {
  return {
    id: record.user_id,
    name: record.name,
    email: record.email,
    role: record.role,
    image: record.image_key ? AVATAR_URL_PREFIX + record.image_key : null,
    is_team_worker: isTeamWorker(record),
  };
}

/** Adds a membership filed at the end of the user's folder. */
export async function addMembership(
  db: Db,
  membership: { projectId: number; userId: number; role: ProjectRole; folderId: number; at: string },
): Promise<void> {
  await repo.insertMembership(db, {
    project_id: membership.projectId,
    user_id: membership.userId,
    role: membership.role,
    folder_id: membership.folderId,
    sort_order: await repo.nextSortOrder(db, membership.userId, membership.folderId),
    joined_at: membership.at,
  });
}

/**
 * Many memberships, each filed where the caller says (`sortOrder` in `folderId`), in a few INSERTs
 * inside the caller's transaction: a roster import adds its staff to a course's 60 projects or more.
 */
export async function addMemberships(
  db: Db,
  memberships: {
    projectId: number;
    userId: number;
    role: ProjectRole;
    folderId: number;
    sortOrder: number;
  }[],
  at: string,
): Promise<void> {
  await repo.insertMemberships(
    db,
    memberships.map((membership) => ({
      project_id: membership.projectId,
      user_id: membership.userId,
      role: membership.role,
      folder_id: membership.folderId,
      sort_order: membership.sortOrder,
      joined_at: at,
    })),
  );
}

/** A project always keeps at least one owner. */
/** Call after lockRow(db, 'projects', projectId): the count must not change before the write. */
async function assertNotLastOwner(db: Db, projectId: number, member: { role: ProjectRole }): Promise<void> {
  if (member.role === 'owner' && (await repo.countOwners(db, projectId)) <= 1) {
    throw new AppError('LAST_OWNER');
  }
}

/**
 * max_projects limits how many projects a `user` account owns (null: unlimited); teachers and admins
 * are not limited. Locks the account's row first, so concurrent creations, acceptances and
 * promotions of one account are counted one after the other (db/row-locks.ts).
 */
export async function assertMayOwnAnother(db: Db, user: UserRow): Promise<void> {
  if (user.account_type !== 'user' || user.max_projects === null) return;
  await lockRow(db, 'users', user.id);
  if ((await repo.countOwnedProjects(db, user.id)) >= user.max_projects) {
    throw new AppError('MAX_PROJECTS_REACHED', undefined, { max: user.max_projects });
  }
}

async function requireUser(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

export interface MembersDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  realtime: RealtimePublisher;
}

/**
 * After a membership change has committed: every member (and `formerMembers`, who are no longer
 * listed) refetches the project, and sockets that lost access to its boards are dropped.
 */
export async function announceMembership(
  db: Db,
  stamps: ChangeStamps,
  realtime: RealtimePublisher,
  projectId: number,
  formerMembers: number[] = [],
): Promise<void> {
  projectChanged(stamps, projectId); // first: the sockets' checks below must not use a remembered access
  const memberIds = (await repo.listMembers(db, projectId)).map((member) => member.user_id);
  realtime.user([...new Set([...memberIds, ...formerMembers])], {
    type: 'projects.changed',
    project_id: projectId,
  });
  realtime.projectAccessChanged(projectId);
}

/** Listing, role changes, removal and quitting. Callers have passed the route's permission check. */
export class MembersService {
  constructor(private readonly deps: MembersDeps) {}

  async list(projectId: number): Promise<Member[]> {
    return (await repo.listMembers(this.deps.db, projectId)).map(toMember);
  }

  async changeRole(
    actor: UserRow,
    access: ProjectAccess,
    userId: number,
    role: ProjectRole,
  ): Promise<Member> {
    const { project } = access;
    const { member, isChanged } = await this.deps.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'projects', project.id);
      const target = await repo.findMember(trx, project.id, userId);
      if (!target) throw new AppError('NOT_FOUND');
      if (target.role === role) return { member: toMember(target), isChanged: false };
      if (role !== 'owner') await assertNotLastOwner(trx, project.id, target);
      if (role === 'owner') await assertMayOwnAnother(trx, await requireUser(trx, userId));
      await repo.updateRole(trx, project.id, userId, role);
      await recordActivity(trx, {
        kind: 'member.role_changed',
        actor,
        project,
        subject: { userId, name: target.name },
        role,
        at: this.nowIso(),
      });
      return { member: toMember({ ...target, role }), isChanged: true };
    });
    if (isChanged) await this.announce(project.id);
    return member;
  }

  /** Removing a member also ends their placement (it is part of the membership row). */
  async remove(actor: UserRow, access: ProjectAccess, userId: number): Promise<void> {
    const { project } = access;
    await this.deps.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'projects', project.id);
      const target = await repo.findMember(trx, project.id, userId);
      if (!target) throw new AppError('NOT_FOUND');
      await assertNotLastOwner(trx, project.id, target);
      await repo.deleteMembership(trx, project.id, userId);
      await recordActivity(trx, {
        kind: 'member.removed',
        actor,
        project,
        subject: { userId, name: target.name },
        role: target.role,
        at: this.nowIso(),
      });
    });
    await this.announce(project.id, [userId]);
  }

  async quit(user: UserRow, access: ProjectAccess): Promise<void> {
    const { project } = access;
    await this.deps.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'projects', project.id);
      const membership = await repo.findMembership(trx, project.id, user.id);
      if (!membership) throw new AppError('NOT_FOUND');
      await assertNotLastOwner(trx, project.id, membership);
      await repo.deleteMembership(trx, project.id, user.id);
      await recordActivity(trx, {
        kind: 'member.quit',
        actor: user,
        project,
        role: membership.role,
        at: this.nowIso(),
      });
    });
    await this.announce(project.id, [user.id]);
  }

  private announce(projectId: number, formerMembers: number[] = []): Promise<void> {
    return announceMembership(
      this.deps.db,
      this.deps.database.stamps,
      this.deps.realtime,
      projectId,
      formerMembers,
    );
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}
