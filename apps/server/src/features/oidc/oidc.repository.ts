import type { Db } from '../../db/database.js';
import type { OidcHandoffRow, OidcHandoffsTable, UserIdentityRow } from './oidc.table.js';
import type { Insertable } from 'kysely';

export function findIdentity(db: Db, issuer: string, subject: string): Promise<UserIdentityRow | undefined> {
  return db
    .selectFrom('user_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Db,
  identity: { user_id: number; issuer: string; subject: string; email: string; now: string },
): Promise<void> {
  const { now, ...rest } = identity;
  await db
    .insertInto('user_identities')
    .values({ ...rest, created_at: now, last_sign_in_at: now })
    .execute();
}

export async function touchIdentity(db: Db, id: number, email: string, now: string): Promise<void> {
  await db.updateTable('user_identities').set({ email, last_sign_in_at: now }).where('id', '=', id).execute();
}

export async function insertHandoff(db: Db, handoff: Insertable<OidcHandoffsTable>): Promise<void> {
  await db.insertInto('oidc_handoffs').values(handoff).execute();
}

/** A live (unused, unexpired) handoff, without using it. */
export function findLiveHandoff(db: Db, codeHash: string, now: string): Promise<OidcHandoffRow | undefined> {
  return db
    .selectFrom('oidc_handoffs')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a live handoff, atomically: of two concurrent uses only one gets the row. */
export function consumeHandoff(db: Db, codeHash: string, now: string): Promise<OidcHandoffRow | undefined> {
  return db
    .updateTable('oidc_handoffs')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Handoffs past their expiry (the hourly cleanup); how many went. */
export async function deleteExpiredHandoffs(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('oidc_handoffs').where('expires_at', '<', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
