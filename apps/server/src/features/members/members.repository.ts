import type { AccountType, ProjectRole } from '@teamboard/contract';
import { chunks } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { MembershipRow } from './members.table.js';

/** A member with the user fields lists show. */
export interface MemberRecord {
  project_id: number;
  user_id: number;
  name: string;
  email: string;
  image_key: string | null;
  role: ProjectRole;
  account_type: AccountType;
}

function selectMembers(db: Db) {
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select([
      'project_members.project_id',
      'project_members.user_id',
      'users.name',
      'users.email',
      'users.image_key',
      'project_members.role',
      'users.account_type',
    ])
    .orderBy('project_members.project_id')
    .orderBy('project_members.id');
}

export function listMembers(db: Db, projectId: number): Promise<MemberRecord[]> {
  return selectMembers(db).where('project_members.project_id', '=', projectId).execute();
}

/** Every member of every project `userId` belongs to, in one query. */
export function listMembersOfUserProjects(db: Db, userId: number): Promise<MemberRecord[]> {
  return selectMembers(db)
    .where('project_members.project_id', 'in', (eb) =>
      eb.selectFrom('project_members as mine').select('mine.project_id').where('mine.user_id', '=', userId),
    )
    .execute();
}

export function findMember(db: Db, projectId: number, userId: number): Promise<MemberRecord | undefined> {
  return selectMembers(db)
    .where('project_members.project_id', '=', projectId)
    .where('project_members.user_id', '=', userId)
    .executeTakeFirst();
}

export function findMembership(
  db: Db,
  projectId: number,
  userId: number,
): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('project_members')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function isMemberByEmail(db: Db, projectId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select('project_members.id')
    .where('project_members.project_id', '=', projectId)
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countOwners(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countOwnedProjects(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The next sort key at the end of a user's folder. */
export async function nextSortOrder(db: Db, userId: number, folderId: number): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('user_id', '=', userId)
    .where('folder_id', '=', folderId)
    .executeTakeFirst();
  const max = row?.max;
  return max === null || max === undefined ? 1 : Number(max) + 1;
}

/** Many memberships in a few INSERTs. */
export async function insertMemberships(
  db: Db,
  memberships: Omit<MembershipRow, 'id' | 'is_favorite'>[],
): Promise<void> {
  for (const batch of chunks(memberships)) await db.insertInto('project_members').values(batch).execute();
}

export async function insertMembership(
  db: Db,
  membership: Omit<MembershipRow, 'id' | 'is_favorite'>,
): Promise<void> {
  await db.insertInto('project_members').values(membership).execute();
}

export async function updateRole(
  db: Db,
  projectId: number,
  userId: number,
  role: ProjectRole,
): Promise<void> {
  await db
    .updateTable('project_members')
    .set({ role })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

export async function updatePlacement(
  db: Db,
  id: number,
  changes: { folder_id?: number; sort_order?: number; is_favorite?: number },
): Promise<void> {
  await db.updateTable('project_members').set(changes).where('id', '=', id).execute();
}

export async function deleteMembership(db: Db, projectId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('project_members')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}
