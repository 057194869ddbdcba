import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

/** A handler may ask to be tried again later than the back-off says (a host's rate limit). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
  }
}

export type JobHandler = (key: string) => Promise<void>;

const LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min… capped at one hour. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

/**
 * Background work on the database itself (no extra service): a row per job, claimed with a
 * conditional update so that several server instances never run one job twice, leased so that a
 * job whose instance died is taken again, retried with back-off, and coalesced by key (asking for a
 * sync that is already waiting does nothing). Jobs never run inside a request.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; pollMs: number }) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Queues `kind` for `key`, due now; one row per key however often it is asked. */
  async enqueue(kind: string, key: string): Promise<void> {
    const now = this.now();
    await this.deps.db
      .insertInto('jobs')
      .values({
        kind,
        key: `${kind}:${key}`,
        state: 'queued',
        run_after: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        // Asked again: due now and with a fresh count of attempts — a failed job starts over, one
        // waiting out a back-off is tried at once, a running one runs once more after it ends
        // (what it read may already be old).
        oc.column('key').doUpdateSet({ state: 'queued', attempts: 0, run_after: now, updated_at: now }),
      )
      .execute();
    this.kick();
  }

  /** Starts polling (pollMs > 0). */
  start(): void {
    if (this.deps.pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.deps.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Wakes the worker now (after an enqueue), when polling is on. */
  kick(): void {
    if (this.deps.pollMs <= 0 || this.stopped || this.running) return;
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'job worker failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Runs every due job until none is left; tests call it directly. Returns how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (this.stopped) return ran;
      const job = await this.claimNext();
      if (!job) return ran;
      await this.run(job);
      ran += 1;
    }
  }

  private async claimNext() {
    const now = this.now();
    const due = await this.deps.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'key', 'attempts'])
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_after')
      .limit(5)
      .execute();
    for (const job of due) {
      const lockedUntil = new Date(this.deps.clock.now().getTime() + LEASE_MS).toISOString();
      const claimed = await this.deps.db
        .updateTable('jobs')
        .set({ state: 'running', attempts: job.attempts + 1, locked_until: lockedUntil, updated_at: now })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return { ...job, attempts: job.attempts + 1, lockedUntil };
    }
    return null;
  }

  private async run(job: {
    id: number;
    kind: string;
    key: string;
    attempts: number;
    lockedUntil: string;
  }): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const key = job.key.slice(job.kind.length + 1);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(key);
      // Re-queued while it ran (a webhook during a sync): the row is 'queued' again and stays.
      await this.deps.db
        .deleteFrom('jobs')
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('locked_until', '=', job.lockedUntil)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = error instanceof RetryLater ? error.afterMs : backoffMs(job.attempts);
      const gaveUp = job.attempts >= MAX_ATTEMPTS;
      this.deps.log.warn({ job: job.key, attempts: job.attempts, err: message }, 'job failed');
      await this.deps.db
        .updateTable('jobs')
        .set({
          state: gaveUp ? 'failed' : 'queued',
          run_after: new Date(this.deps.clock.now().getTime() + delay).toISOString(),
          locked_until: null,
          last_error: message.slice(0, 500),
          updated_at: this.now(),
        })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('locked_until', '=', job.lockedUntil)
        .execute();
    }
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}
