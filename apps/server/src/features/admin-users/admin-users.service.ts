import type { AppDatabase } from '../../db/app-database.js';
import {
  AUDIT_EVENT_KINDS,
  DEFAULT_MAX_PROJECTS,
  maxProjectsForType,
  type AdminUser,
  type AdminUserPage,
  type AdminUserUpdate,
  type AdminUsersQuery,
  type AuditEvent,
  type AuditEventPage,
  type AuditEventsQuery,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AuditDetails, AuditEntry, AuditEvent as AuditKind } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { parseId } from '../../lib/ids.js';
import * as users from '../../users/users.js';
import type { UserRow } from '../../users/users.js';
import * as repo from './admin-users.repository.js';

// Compile-time guard: every kind the server logs is offered by the Audit tab's filter (contract list).
type UnlistedAuditKind = Exclude<AuditKind, (typeof AUDIT_EVENT_KINDS)[number]>;
const _everyKindListed: [UnlistedAuditKind] extends [never] ? true : never = true;
void _everyKindListed;

/** What blocking and resending need of the auth feature (its AuthService). */
export interface AccountSessions {
  /** Deletes every session of the user and drops their sockets, on every instance. */
  endAllSessions(userId: number): Promise<void>;
  /** Mails a new confirmation link (within the auth feature's sending caps). */
  resendConfirmation(email: string, ip: string): Promise<void>;
}

/** Writes one audit entry of the request (request.audit), called after the change is committed. */
export type Audit = (event: AuditKind, details: AuditDetails) => void;

/** Where the audit log is kept besides the log lines (lib/audit.ts AuditStore). */
export function auditEventStore(db: Db) {
  return { save: (entry: AuditEntry) => repo.insertAuditEvent(db, entry) };
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    account_type: row.account_type,
    max_projects: row.max_projects,
    year: row.year,
    semester: row.semester,
    section: row.section,
    group: row.group,
    confirmed_at: row.confirmed_at,
    blocked_at: row.blocked_at,
    created_at: row.created_at,
  };
}

function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = parseId(cursor);
  if (id === undefined) throw new AppError('VALIDATION_FAILED');
  return id;
}

function page<Row extends { id: number }, Out>(rows: Row[], limit: number, present: (row: Row) => Out) {
  const shown = rows.slice(0, limit);
  return { data: shown.map(present), next_cursor: rows.length > limit ? String(shown.at(-1)!.id) : null };
}

/** The next UTC day of a YYYY-MM-DD day, at midnight, as an ISO instant. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/**
 * The dashboard's Users, Admins and Audit tabs (docs/api-admin-users.md); every route is 'admin'.
 * Rules: the last active (unblocked) administrator cannot be demoted, blocked or removed (an admin
 * may step down while another remains); nobody blocks their own account.
 * Changes are read on the next request (authentication reads the user row every time).
 */
export class AdminUsersService {
  constructor(
    private readonly deps: { database: AppDatabase; db: Db; clock: Clock; sessions: AccountSessions },
  ) {}

  async listUsers(query: AdminUsersQuery): Promise<AdminUserPage> {
    const { limit, cursor, ...filters } = query;
    const rows = await repo.listUsers(this.deps.db, filters, limit + 1, parseCursor(cursor));
    return page(rows, limit, toAdminUser);
  }

  async update(id: number, input: AdminUserUpdate, audit: Audit): Promise<AdminUser> {
    const { before, after } = await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockActiveAdmins(trx);
      const target = await this.target(trx, id);
      const type = input.account_type ?? target.account_type;
      if (type !== target.account_type) await this.keepAnAdmin(trx, target);
      const maxProjects =
        input.max_projects !== undefined
          ? input.max_projects
          : type !== target.account_type
            ? maxProjectsForType(type, target.max_projects)
            : target.max_projects;
      const changed = await users.updateUser(trx, this.deps.database.stamps, id, {
        account_type: type,
        max_projects: maxProjects,
        updated_at: this.now(),
      });
      return { before: target, after: changed };
    });
    users.userChanged(this.deps.database.stamps, id); // committed: a remembered session reads the new type and limit
    if (before.account_type !== after.account_type) {
      audit('account.type_changed', { target_id: id, from: before.account_type, to: after.account_type });
    }
    if (before.max_projects !== after.max_projects) {
      audit('account.max_projects_changed', {
        target_id: id,
        from: before.max_projects,
        to: after.max_projects,
      });
    }
    return toAdminUser(after);
  }

  /** Blocks the account: signed out everywhere at once, its sockets dropped on every instance. */
  async block(actor: UserRow, id: number, audit: Audit): Promise<AdminUser> {
    const { row, changed } = await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockActiveAdmins(trx);
      const target = await this.target(trx, id);
      if (target.id === actor.id) throw new AppError('CANNOT_BLOCK_SELF');
      if (target.blocked_at) return { row: target, changed: false };
      await this.keepAnAdmin(trx, target);
      const now = this.now();
      return {
        row: await users.updateUser(trx, this.deps.database.stamps, id, { blocked_at: now, updated_at: now }),
        changed: true,
      };
    });
    // After commit: authentication already refuses the account; this removes its sessions and sockets.
    users.userChanged(this.deps.database.stamps, id);
    await this.deps.sessions.endAllSessions(id);
    if (changed) audit('account.blocked', { target_id: id });
    return toAdminUser(row);
  }

  async unblock(id: number, audit: Audit): Promise<AdminUser> {
    const target = await this.target(this.deps.db, id);
    if (!target.blocked_at) return toAdminUser(target);
    const row = await users.updateUser(this.deps.db, this.deps.database.stamps, id, {
      blocked_at: null,
      updated_at: this.now(),
    });
    audit('account.unblocked', { target_id: id });
    return toAdminUser(row);
  }

  /** Mails a new confirmation link to an unconfirmed, unblocked account (the auth feature's mail). */
  async resendConfirmation(id: number, ip: string, audit: Audit): Promise<void> {
    const target = await this.target(this.deps.db, id);
    if (target.confirmed_at) throw new AppError('ACCOUNT_ALREADY_CONFIRMED');
    if (target.blocked_at) throw new AppError('ACCOUNT_IS_BLOCKED');
    await this.deps.sessions.resendConfirmation(target.email, ip);
    audit('account.confirmation_resent', { target_id: id });
  }

  async listAdmins(): Promise<AdminUser[]> {
    return (await repo.listAdmins(this.deps.db)).map(toAdminUser);
  }

  /** Makes an existing account an administrator (unlimited projects); already one: unchanged. */
  async addAdmin(email: string, audit: Audit): Promise<AdminUser> {
    const target = await users.findUserByEmail(this.deps.db, email);
    if (!target) throw new AppError('ADMIN_EMAIL_NOT_FOUND');
    if (target.account_type === 'admin') return toAdminUser(target);
    const row = await users.updateUser(this.deps.db, this.deps.database.stamps, target.id, {
      account_type: 'admin',
      max_projects: null,
      updated_at: this.now(),
    });
    audit('admin.added', { target_id: target.id, from: target.account_type });
    return toAdminUser(row);
  }

  /**
   * Removes an administrator: the account becomes a `user` (default project limit); an admin can
   * make it a teacher from the Users tab. An admin may remove themselves (step down), but never
   * the last active admin.
   */
  async removeAdmin(id: number, audit: Audit): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockActiveAdmins(trx);
      const target = await this.target(trx, id);
      if (target.account_type !== 'admin') throw new AppError('NOT_FOUND');
      await this.keepAnAdmin(trx, target);
      await users.updateUser(trx, this.deps.database.stamps, id, {
        account_type: 'user',
        max_projects: DEFAULT_MAX_PROJECTS,
        updated_at: this.now(),
      });
    });
    users.userChanged(this.deps.database.stamps, id);
    audit('admin.removed', { target_id: id });
  }

  async auditEvents(query: AuditEventsQuery): Promise<AuditEventPage> {
    const { limit, cursor, from, to, user, event } = query;
    if (from && to && to < from) throw new AppError('VALIDATION_FAILED');
    const filters = {
      user,
      event,
      fromAt: from ? `${from}T00:00:00.000Z` : undefined,
      toAt: to ? dayAfter(to) : undefined,
    };
    const rows = await repo.listAuditEvents(this.deps.db, filters, limit + 1, parseCursor(cursor));
    return page(rows, limit, toAuditEvent);
  }

  private async target(db: Db, id: number): Promise<UserRow> {
    const target = await users.findUserById(db, id);
    if (!target) throw new AppError('NOT_FOUND');
    return target;
  }

  /** Refuses to take away the last active administrator (demotion, block or removal of `target`). */
  private async keepAnAdmin(db: Db, target: UserRow): Promise<void> {
    if (target.account_type !== 'admin' || target.blocked_at) return;
    if ((await repo.countActiveAdmins(db)) <= 1) throw new AppError('LAST_ADMIN');
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

function toAuditEvent(row: repo.AuditEventWithUser): AuditEvent {
  let details: AuditEvent['details'] = {};
  try {
    details = JSON.parse(row.details) as AuditEvent['details'];
  } catch {
    // Stored by insertAuditEvent as JSON; anything else is shown as no details.
  }
  return {
    id: row.id,
    event: row.event,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    ip: row.ip,
    route: row.route,
    details,
    at: row.at,
  };
}
