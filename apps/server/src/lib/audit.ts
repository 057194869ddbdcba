/**
 * The audit log (docs/security.md): security-relevant events as structured log lines with one
 * shape, `{"audit": {...}}`, written through the server's logger. Secrets never go in: entries carry
 * ids, codes and the attempted email, never passwords, tokens or request bodies.
 */
export type AuditEvent =
  | 'sign_in.succeeded'
  | 'sign_in.failed'
  | 'sign_out'
  | 'password.changed'
  | 'password.reset'
  | 'access.denied'
  | 'member.joined'
  | 'member.role_changed'
  | 'member.removed'
  | 'member.quit'
  | 'admin.created'
  | 'admin.promoted'
  /** Dashboard actions of an administrator (features/admin-users). */
  | 'admin.added'
  | 'admin.removed'
  | 'account.type_changed'
  | 'account.max_projects_changed'
  | 'account.blocked'
  | 'account.unblocked'
  | 'account.confirmation_resent'
  /** A provider's subject (OpenID Connect) was linked to an existing account by its verified email. */
  | 'account.oidc_linked'
  /** Terms and conditions (features/terms): a version published by an admin, accepted by a user. */
  | 'terms.published'
  | 'terms.accepted'
  /** The assistant's engines and provider settings (features/assistant), changed by an admin. */
  | 'assistant.settings_changed'
  /** Many not-found answers or refused joins for one user in one minute (lib/probe-tally.ts). */
  | 'access.probing'
  /** A socket disconnected for exceeding its message limits (realtime/message-limits.ts). */
  | 'socket.flooding';

export type AuditDetails = Record<string, string | number | null>;

/** Who did it, from where, through which route. */
export interface AuditContext {
  user_id: number | null;
  ip: string;
  /** Method and route pattern (`PUT /api/projects/:id/members/:user_id`), or the CLI command. */
  route: string;
  request_id: string | null;
}

export type AuditEntry = AuditDetails &
  AuditContext & {
    event: AuditEvent;
    /** ISO 8601, UTC. */
    at: string;
  };

export function auditEntry(
  event: AuditEvent,
  context: AuditContext,
  at: Date,
  details: AuditDetails = {},
): AuditEntry {
  return { ...details, ...context, event, at: at.toISOString() };
}

/** Where entries are kept besides the log: the audit_events table (features/admin-users, Audit tab). */
export interface AuditStore {
  save(entry: AuditEntry): Promise<void>;
}

/**
 * One audit line, in the one shape (the log's `audit` property), through any pino-style logger;
 * with a store, the entry is saved there too (a failed save is logged, never thrown: the action
 * it records stands).
 */
export function writeAudit(
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
  entry: AuditEntry,
  store?: AuditStore,
): void {
  log.info({ audit: entry }, `audit ${entry.event}`);
  store?.save(entry).catch((error: unknown) => log.error({ err: error }, 'could not store an audit event'));
}
