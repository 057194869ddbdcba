import type { FastifyBaseLogger } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { isSqlite } from '../db/dialect.js';
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

/** `payload` is what the job was enqueued with (null for jobs that only need their key). */
export type JobHandler = (key: string, payload: string | null) => Promise<void>;

export interface EnqueueOptions {
  /** Stored with the job and given to its handler; seal anything secret before (lib/sealed-secrets.ts). */
  payload?: string;
  /** The transaction of the write that causes the job, so that both land or neither does. */
  db?: Db;
}

export interface DrainOptions {
  /** Only these kinds (tests drain the mail before answering, and leave repository syncs alone). */
  kinds?: string[];
}

const LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 8;
/** Schedules are planned at most this often per process (one insert per schedule, usually a no-op). */
const PLAN_EVERY_MS = 60_000;
/** 30 s, 1 min, 2 min… capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  attempts: number;
  payload: string | null;
  lockedUntil: string;
}

interface Schedule {
  kind: string;
  everyMs: number;
}

/**
 * Background work on the database itself (no extra service; docs/jobs.md): a row per job, claimed
 * so that several server instances never run one job at once (PostgreSQL: `FOR UPDATE SKIP
 * LOCKED`; SQLite, one writer: a conditional update), leased so that a job whose instance died is
 * taken again, retried with back-off, and coalesced by key (asking for a sync that is already
 * waiting does nothing). Jobs never run inside a request.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules: Schedule[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private plannedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; pollMs: number }) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Runs `kind` once every `everyMs`, at the multiples of `everyMs` since the epoch, on one instance
   * only: its one row (key `every`) is planned by whichever instance gets there first.
   */
  every(kind: string, everyMs: number, handler: () => Promise<void>): void {
    this.handle(kind, () => handler());
    this.schedules.push({ kind, everyMs });
  }

  /** Queues `kind` for `key`, due now; one row per key however often it is asked. */
  async enqueue(kind: string, key: string, options: EnqueueOptions = {}): Promise<void> {
    const now = this.now();
    await (options.db ?? this.deps.db)
      .insertInto('jobs')
      .values({
        kind,
        key: `${kind}:${key}`,
        state: 'queued',
        run_after: now,
        payload: options.payload ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        // Asked again: due now and with a fresh count of attempts — a failed job starts over, one
        // waiting out a back-off is tried at once, a running one runs once more after it ends
        // (what it read may already be old).
        oc.column('key').doUpdateSet({
          state: 'queued',
          attempts: 0,
          run_after: now,
          payload: options.payload ?? null,
          updated_at: now,
        }),
      )
      .execute();
    // Inside a transaction the row is not visible yet; the next poll (or the caller) finds it.
    if (!options.db) this.kick();
  }

  /** Starts polling (pollMs > 0). */
  start(): void {
    if (this.deps.pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.deps.pollMs);
    this.timer.unref();
    this.kick();
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
    this.running = this.planSchedules()
      .then(() => this.drain())
      .then(() => undefined)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'job worker failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /**
   * Puts each schedule's next run in the table unless it is there already (another instance did),
   * at most once a minute unless `force` (tests). A failed scheduled job is given a fresh start.
   */
  async planSchedules(force = false): Promise<void> {
    const nowMs = this.deps.clock.now().getTime();
    if (!force && nowMs - this.plannedAt < PLAN_EVERY_MS) return;
    this.plannedAt = nowMs;
    const now = new Date(nowMs).toISOString();
    for (const { kind, everyMs } of this.schedules) {
      // Strictly after now: a run that just ended on a boundary is not planned for it again.
      const runAfter = new Date((Math.floor(nowMs / everyMs) + 1) * everyMs).toISOString();
      await this.deps.db
        .insertInto('jobs')
        .values({
          kind,
          key: `${kind}:every`,
          state: 'queued',
          run_after: runAfter,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ state: 'queued', attempts: 0, run_after: runAfter, updated_at: now })
            .where('jobs.state', '=', 'failed'),
        )
        .execute();
    }
  }

  /** Runs every due job until none is left; tests call it directly. Returns how many ran. */
  async drain(options: DrainOptions = {}): Promise<number> {
    let ran = 0;
    for (;;) {
      if (this.stopped) return ran;
      const job = await this.claimNext(options.kinds);
      if (!job) return ran;
      await this.run(job);
      ran += 1;
    }
  }

  /** A failed job (admin dashboard) queued again from scratch; false when there is no failed job `id`. */
  async retry(id: number): Promise<boolean> {
    const now = this.now();
    const result = await this.deps.db
      .updateTable('jobs')
      .set({ state: 'queued', attempts: 0, run_after: now, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    const retried = Number(result.numUpdatedRows) === 1;
    if (retried) this.kick();
    return retried;
  }

  private claimNext(kinds: string[] | undefined): Promise<ClaimedJob | null> {
    return isSqlite(this.deps.db) ? this.claimByConditionalUpdate(kinds) : this.claimSkippingLocked(kinds);
  }

  /** Due: queued and its time has come, or running on a lease that ran out (its worker died). */
  private isDue(kinds: string[] | undefined) {
    const now = this.now();
    return (eb: ExpressionBuilder<Database, 'jobs'>): Expression<SqlBool> => {
      const due = eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('locked_until', '<', now)]),
      ]);
      return kinds ? eb.and([due, eb('kind', 'in', kinds)]) : due;
    };
  }

  /**
   * PostgreSQL: one statement picks the oldest due row no other worker holds and takes it. A row
   * another worker is claiming is locked, so it is skipped rather than waited for or taken twice.
   */
  private async claimSkippingLocked(kinds: string[] | undefined): Promise<ClaimedJob | null> {
    const lockedUntil = this.leaseEnd();
    const job = await this.deps.db
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: sql<number>`attempts + 1`,
        locked_until: lockedUntil,
        updated_at: this.now(),
      })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where(this.isDue(kinds))
          .orderBy('run_after')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'key', 'attempts', 'payload'])
      .executeTakeFirst();
    return job ? { ...job, lockedUntil } : null;
  }

  /** SQLite has one writer: a claim is an update conditional on the attempts the worker saw. */
  private async claimByConditionalUpdate(kinds: string[] | undefined): Promise<ClaimedJob | null> {
    const due = await this.deps.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'key', 'attempts', 'payload'])
      .where(this.isDue(kinds))
      .orderBy('run_after')
      .limit(5)
      .execute();
    for (const job of due) {
      const lockedUntil = this.leaseEnd();
      const claimed = await this.deps.db
        .updateTable('jobs')
        .set({
          state: 'running',
          attempts: job.attempts + 1,
          locked_until: lockedUntil,
          updated_at: this.now(),
        })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .where(this.isDue(kinds))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return { ...job, attempts: job.attempts + 1, lockedUntil };
    }
    return null;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const key = job.key.slice(job.kind.length + 1);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(key, job.payload);
      // Re-queued while it ran (a webhook during a sync): the row is 'queued' again and stays.
      await this.deps.db
        .deleteFrom('jobs')
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('locked_until', '=', job.lockedUntil)
        .execute();
    } catch (error) {
      await this.fail(job, error);
    }
  }

  private async fail(job: ClaimedJob, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delay = error instanceof RetryLater ? error.afterMs : backoffMs(job.attempts);
    const gaveUp = job.attempts >= MAX_ATTEMPTS;
    // The kind and attempt only: a key may name a person (never a payload, which may be a secret).
    this.deps.log.warn({ job: job.kind, id: job.id, attempts: job.attempts, err: message }, 'job failed');
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

  private leaseEnd(): string {
    return new Date(this.deps.clock.now().getTime() + LEASE_MS).toISOString();
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}
