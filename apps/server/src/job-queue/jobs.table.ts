import type { Generated } from 'kysely';

/** The database job queue (job-queue/job-queue.ts): one row per pending piece of background work. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** One queued job per key (`repository-sync:12`): enqueueing it again while it waits does nothing. */
  key: string;
  state: 'queued' | 'running' | 'failed';
  attempts: Generated<number>;
  run_after: string;
  /** A running job whose lease has passed (its worker died) is taken again. */
  locked_until: string | null;
  last_error: string | null;
  /** What the handler needs beyond the key (a mail, sealed: its links are credentials). */
  payload: string | null;
  created_at: string;
  updated_at: string;
}
