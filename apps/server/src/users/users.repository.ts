import type { Db } from '../db/database.js';
import type { ChangeStamps } from '../lib/change-stamps.js';
import type { NewUserRow, UserRow, UserUpdate } from './users.table.js';

/** Emails are stored lowercased; callers pass the normalized address. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/**
 * Announces the change (lib/change-stamps.ts) so a remembered session forgets the old row. Inside a
 * transaction the caller must call `userChanged` again once it has committed.
 */
export async function updateUser(
  db: Db,
  stamps: ChangeStamps,
  id: number,
  changes: UserUpdate,
): Promise<UserRow> {
  const row = await db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  userChanged(stamps, id);
  return row;
}

/**
 * updateUser, only while the account is neither confirmed nor blocked: undefined otherwise (its owner
 * confirmed it, or an administrator blocked it, in the meantime). Inside a transaction, as updateUser.
 */
export async function updateUnconfirmedUser(
  db: Db,
  stamps: ChangeStamps,
  id: number,
  changes: UserUpdate,
): Promise<UserRow | undefined> {
  const row = await db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('blocked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (row) userChanged(stamps, id);
  return row;
}

/** The user's row or sessions changed (and committed): the request path reads them again. */
export function userChanged(stamps: ChangeStamps, id: number): void {
  stamps.change('user', id);
}
