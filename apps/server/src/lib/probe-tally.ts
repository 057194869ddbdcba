import { auditEntry, type AuditEntry } from './audit.js';
import type { Clock } from './clock.js';
import { MINUTE_MS } from './clock.js';

/*
 * Probing leaves a trail (issue 13): a signed-in user who gets many "not found" answers for ids they
 * may not see, or many refused board joins, is written to the audit log, one line per user and
 * minute with the counts, never one line per request. Fewer than PROBES_PER_MINUTE_AUDITED in a
 * minute is ordinary use (a stale link, a deleted task) and leaves nothing.
 */
export const PROBES_PER_MINUTE_AUDITED = 10;

export type ProbeKind = 'not_found' | 'refused_join';

interface MinuteTally {
  minute: number;
  ip: string;
  not_found: number;
  refused_join: number;
}

export class ProbeTally {
  private readonly tallies = new Map<number, MinuteTally>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly clock: Clock,
    private readonly write: (entry: AuditEntry) => void,
  ) {
    // Minutes that ended are written even when the prober stops asking.
    this.timer = setInterval(() => this.flush(), MINUTE_MS).unref();
  }

  record(userId: number, kind: ProbeKind, ip: string): void {
    const minute = this.currentMinute();
    let tally = this.tallies.get(userId);
    if (tally && tally.minute !== minute) {
      this.writeIfProbing(userId, tally);
      tally = undefined;
    }
    tally ??= { minute, ip, not_found: 0, refused_join: 0 };
    tally.ip = ip;
    tally[kind] += 1;
    this.tallies.set(userId, tally);
  }

  /** Writes the minutes that have ended (all of them when `everything`, as the server stops). */
  flush(everything = false): void {
    const minute = this.currentMinute();
    for (const [userId, tally] of this.tallies) {
      if (!everything && tally.minute === minute) continue;
      this.writeIfProbing(userId, tally);
      this.tallies.delete(userId);
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush(true);
  }

  private writeIfProbing(userId: number, tally: MinuteTally): void {
    if (tally.not_found + tally.refused_join < PROBES_PER_MINUTE_AUDITED) return;
    const context = { user_id: userId, ip: tally.ip, route: '(aggregated per minute)', request_id: null };
    this.write(
      auditEntry('access.probing', context, this.clock.now(), {
        minute: new Date(tally.minute * MINUTE_MS).toISOString(),
        not_found: tally.not_found,
        refused_joins: tally.refused_join,
      }),
    );
  }

  private currentMinute(): number {
    return Math.floor(this.clock.now().getTime() / MINUTE_MS);
  }
}
