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

/** One audit line, in the one shape (the log's `audit` property), through any pino-style logger. */
export function writeAudit(log: { info(object: object, message: string): void }, entry: AuditEntry): void {
  log.info({ audit: entry }, `audit ${entry.event}`);
}
