import type { AccountType } from '@teamboard/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import type { AuditEntry } from '../../lib/audit.js';
import type { UserRow } from '../../users/users.js';
import type { AuditEventRow } from './audit-events.table.js';

/** `%text%` for a case-insensitive LIKE, with the wildcards of `text` escaped (escape '\'). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function lowerLike(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}

export interface UserFilters {
  q?: string | undefined;
  account_type?: AccountType | undefined;
  year?: number | undefined;
  semester?: string | undefined;
  section?: string | undefined;
  group?: string | undefined;
}

/** Newest accounts first; `beforeId` is the keyset cursor (the last id of the previous page). */
export function listUsers(
  db: Db,
  filters: UserFilters,
  limit: number,
  beforeId?: number,
): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  const { q } = filters;
  if (q) query = query.where((eb) => eb.or([lowerLike('users.name', q), lowerLike('users.email', q)]));
  if (filters.account_type) query = query.where('account_type', '=', filters.account_type);
  if (filters.year !== undefined) query = query.where('year', '=', filters.year);
  if (filters.semester) query = query.where('semester', '=', filters.semester);
  if (filters.section) query = query.where('section', '=', filters.section);
  if (filters.group) query = query.where('group', '=', filters.group);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export function listAdmins(db: Db): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_type', '=', 'admin')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Administrators who can still sign in (not blocked); the last one is protected. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_type', '=', 'admin')
    .where('blocked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAuditEvent(db: Db, entry: AuditEntry): Promise<void> {
  const { event, at, user_id: userId, ip, route, ...details } = entry;
  await db
    .insertInto('audit_events')
    .values({ event, at, user_id: userId, ip, route, details: JSON.stringify(details) })
    .execute();
}

export interface AuditFilters {
  user?: string | undefined;
  event?: string | undefined;
  /** ISO instants: from inclusive, to exclusive. */
  fromAt?: string | undefined;
  toAt?: string | undefined;
}

export type AuditEventWithUser = AuditEventRow & { user_name: string | null; user_email: string | null };

/** Newest first, with the actor's current name and email. */
export function listAuditEvents(
  db: Db,
  filters: AuditFilters,
  limit: number,
  beforeId?: number,
): Promise<AuditEventWithUser[]> {
  let query = db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.user_id')
    .selectAll('audit_events')
    .select(['users.name as user_name', 'users.email as user_email']);
  const { user } = filters;
  if (user)
    query = query.where((eb) => eb.or([lowerLike('users.name', user), lowerLike('users.email', user)]));
  if (filters.event) query = query.where('audit_events.event', '=', filters.event);
  if (filters.fromAt) query = query.where('audit_events.at', '>=', filters.fromAt);
  if (filters.toAt) query = query.where('audit_events.at', '<', filters.toAt);
  if (beforeId !== undefined) query = query.where('audit_events.id', '<', beforeId);
  return query.orderBy('audit_events.id', 'desc').limit(limit).execute();
}

/**
 * PostgreSQL: holds every active administrator's row until commit, so two concurrent removals (or
 * demotions, or blocks) cannot both pass the last-admin check. SQLite runs one write at a time.
 */
export async function lockActiveAdmins(db: Db): Promise<void> {
  if (isSqlite(db)) return;
  await db
    .selectFrom('users')
    .select('id')
    .where('account_type', '=', 'admin')
    .where('blocked_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}
