import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { auditEntry, writeAudit, type AuditDetails, type AuditEvent, type AuditStore } from '../lib/audit.js';
import type { Clock } from '../lib/clock.js';
import type { ProbeTally } from '../lib/probe-tally.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Writes one audit line for this request: who (signed-in user unless `user_id` is given), IP, route, request id. */
    audit(event: AuditEvent, details?: AuditDetails & { user_id?: number | null }): void;
  }
}

/** Errors a handler has already written to the audit log (e.g. a failed sign-in), not repeated as denials. */
const auditedErrors = new WeakSet<object>();

/** For handlers that audit a failure themselves before throwing it on. */
export function markAudited<T extends object>(error: T): T {
  auditedErrors.add(error);
  return error;
}

/** 401 and 403 answers are denials; every one is audited, whichever hook or handler refused. */
function isDenial(error: unknown): error is AppError {
  return error instanceof AppError && (error.status === 401 || error.status === 403);
}

/** The saves of a request's audit entries, awaited before its answer goes out (onSend). */
const pendingSaves = new WeakMap<FastifyRequest, Promise<unknown>[]>();

export function registerAudit(
  app: FastifyInstance,
  deps: { clock: Clock; probes: ProbeTally; store?: AuditStore },
): void {
  const { store } = deps;
  app.decorateRequest('audit', function audit(this: FastifyRequest, event, details = {}) {
    const { user_id: userId, ...rest } = details;
    const entry = auditEntry(
      event,
      {
        user_id: userId !== undefined ? userId : (this.user?.id ?? null),
        ip: this.ip,
        route: `${this.method} ${this.routeOptions.url ?? '(no route)'}`,
        request_id: this.id,
      },
      deps.clock.now(),
      rest,
    );
    const saves = pendingSaves.get(this) ?? [];
    pendingSaves.set(this, saves);
    // Through the store, so the answer waits until the entry is stored (the Audit tab shows it).
    const tracked: AuditStore | undefined = store && {
      save: (saved) => {
        const saving = store.save(saved);
        saves.push(saving.catch(() => undefined));
        return saving;
      },
    };
    writeAudit(this.log, entry, tracked);
  });

  app.addHook('onSend', async (request) => {
    const saves = pendingSaves.get(request);
    if (saves) await Promise.all(saves);
  });

  app.addHook('onError', async (request, _reply, error) => {
    if (isDenial(error) && !auditedErrors.has(error)) {
      request.audit('access.denied', { status: error.status, code: error.code });
    }
    // A signed-in caller asking for what they may not see gets 404 (it does not exist for them).
    if (error instanceof AppError && error.status === 404 && request.user) {
      deps.probes.record(request.user.id, 'not_found', request.ip);
    }
  });
}
