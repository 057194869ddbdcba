import type { Generated, Selectable } from 'kysely';

/** One audit log entry (lib/audit.ts), kept for the dashboard's Audit tab. */
export interface AuditEventsTable {
  id: Generated<number>;
  event: string;
  user_id: number | null;
  ip: string;
  route: string;
  /** The entry's other fields, as JSON text (ids, codes, the attempted email; never secrets). */
  details: string;
  /** ISO 8601, UTC. */
  at: string;
}
export type AuditEventRow = Selectable<AuditEventsTable>;
