import type { Db } from '../../db/database.js';
import { PreparedQuery } from '../../lib/prepared-query.js';
import type { UserRow } from '../../users/users.js';
import type { SessionRow, TokenPurpose } from './auth.table.js';

export async function insertSession(db: Db, session: Omit<SessionRow, 'id'>): Promise<void> {
  await db.insertInto('auth_sessions').values(session).execute();
}

/** The session of a device together with its user's email, for the uid check. */
export function findSessionById(db: Db, id: number): Promise<SessionRow | undefined> {
  return db.selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A device's session with its user, in one query (every authenticated request runs it). Session
 * columns come prefixed so they cannot clash with the user's.
 */
// Prepared (built and compiled once per dialect): it runs on every authenticated request.
const sessionWithUserQuery = new PreparedQuery((db: Db, client: string) =>
  db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .selectAll('users')
    .select([
      'auth_sessions.id as session_id',
      'auth_sessions.client as session_client',
      'auth_sessions.token_hash as session_token_hash',
      'auth_sessions.expires_at as session_expires_at',
      'auth_sessions.created_at as session_created_at',
      'auth_sessions.last_used_at as session_last_used_at',
    ])
    .where('auth_sessions.client', '=', client),
);

export async function findSessionWithUser(
  db: Db,
  client: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await sessionWithUserQuery.first(db, client);
  if (!row) return undefined;
  const {
    session_id,
    session_client,
    session_token_hash,
    session_expires_at,
    session_created_at,
    session_last_used_at,
    ...user
  } = row;
  const session: SessionRow = {
    id: session_id,
    user_id: user.id,
    client: session_client,
    token_hash: session_token_hash,
    expires_at: session_expires_at,
    created_at: session_created_at,
    last_used_at: session_last_used_at,
  };
  return { session, user };
}

export async function touchSession(db: Db, id: number, lastUsedAt: string): Promise<void> {
  await db.updateTable('auth_sessions').set({ last_used_at: lastUsedAt }).where('id', '=', id).execute();
}

export async function deleteSessionByClient(db: Db, client: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('client', '=', client).execute();
}

/** Signs the user out everywhere, optionally keeping one device. */
export async function deleteSessionsOfUser(db: Db, userId: number, keepClient?: string): Promise<void> {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (keepClient) query = query.where('client', '!=', keepClient);
  await query.execute();
}

/** Stores a new emailed token and retires the user's earlier unused ones of the same purpose. */
export async function replaceUserToken(
  db: Db,
  token: {
    user_id: number;
    purpose: TokenPurpose;
    token_hash: string;
    expires_at: string;
    created_at: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteUnusedTokens(trx, token.user_id, token.purpose);
    await trx.insertInto('user_tokens').values(token).execute();
  });
}

/** Retires the user's emailed tokens of one purpose that were never used (their links stop working). */
export async function deleteUnusedTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .deleteFrom('user_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Retires every emailed token of the user, used or not, of every purpose. */
export async function deleteTokensOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
}

/**
 * Marks a live token used and answers its user id, atomically: of two concurrent uses only one
 * gets the id.
 */
export async function consumeUserToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Sessions past their expiry (the hourly cleanup); how many went. */
export async function deleteExpiredSessions(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('auth_sessions').where('expires_at', '<', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Emailed tokens past their expiry (the hourly cleanup); how many went. */
export async function deleteExpiredTokens(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('user_tokens').where('expires_at', '<', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
