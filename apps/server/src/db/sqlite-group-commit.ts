import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Group commit for SQLite's one-step writes (sqlite-direct.ts). With `synchronous = FULL` each COMMIT
 * waits for the disk to flush the WAL, and better-sqlite3 waits on the event loop: on this machine's
 * disk, about a third of the server's time under ten writers at once (docs/performance.md, "Writes").
 * Writes that reach the server in the same turn of the event loop share one transaction and
 * one flush: the first opens it and holds Kysely's connection, each later one runs in a SAVEPOINT of
 * it (a failure undoes that write alone), and the transaction commits in the event loop's next check
 * phase (`setImmediate`). Nobody's promise settles before that COMMIT has returned, so an answered
 * write is on disk exactly as before: the crash test's guarantee is unchanged.
 */

/** Writes one transaction may gather; later ones wait for the connection and start the next. */
const MOST_WRITES = 64;

/** The real setImmediate, taken at load: a test's fake timers must not hold a COMMIT back. */
const inCheckPhase = globalThis.setImmediate.bind(globalThis);

/** What cost the transaction (boxed: a thrown value may be anything, null included). */
interface Failure {
  error: unknown;
}

interface Member {
  settle(batchFailure: Failure | null): void;
}

/** One open transaction of one-step writes, committed in the next check phase. */
export class WriteBatch {
  private readonly members: Member[] = [];
  private failure: Failure | null = null;
  private closed = false;

  constructor(
    private readonly raw: SQLite.Database,
    private readonly statements: SqliteDatabase,
    private readonly onClose: () => void,
  ) {
    inCheckPhase(() => this.commit());
  }

  /** Whether a write arriving now may join (not full, not failed, not committing). */
  get isOpen(): boolean {
    return !this.closed && this.failure === null && this.members.length < MOST_WRITES;
  }

  /**
   * Runs `work` at once in this transaction (the first write directly, a later one in a savepoint);
   * settles once the transaction has committed: with the answer, or with the write's own error, or
   * with the error that cost the transaction.
   */
  join<T>(work: () => T, isFirst: boolean): Promise<T> {
    let outcome: { answer: T } | { error: unknown };
    try {
      outcome = { answer: isFirst ? work() : this.inSavepoint(work) };
    } catch (error) {
      // The first write's failure undoes the transaction, which holds nothing else yet.
      if (isFirst || !this.raw.inTransaction) this.failure = { error };
      outcome = { error };
    }
    return new Promise<T>((resolve, reject) => {
      this.members.push({
        settle(batchFailure) {
          if ('error' in outcome) reject(outcome.error);
          else if (batchFailure) reject(batchFailure.error);
          else resolve(outcome.answer);
        },
      });
    });
  }

  private inSavepoint<T>(work: () => T): T {
    this.run('savepoint one_write');
    try {
      const answer = work();
      this.run('release one_write');
      return answer;
    } catch (error) {
      // An I/O error or SQLITE_FULL may have ended the transaction itself: then every write fails.
      if (this.raw.inTransaction) {
        this.run('rollback to one_write');
        this.run('release one_write');
      }
      throw error;
    }
  }

  private commit(): void {
    this.closed = true;
    this.onClose();
    let outcome = this.failure;
    try {
      if (!outcome) this.run('commit');
    } catch (error) {
      outcome = { error };
    }
    try {
      // Only after a failure (a first write's, or the COMMIT's): `outcome` already says what went wrong.
      if (this.raw.inTransaction) this.run('rollback');
    } catch {
      // An I/O error may have ended the transaction between the check and the rollback.
    }
    for (const member of this.members) member.settle(outcome);
  }

  private run(sql: string): void {
    this.statements.prepare(sql).run([]);
  }
}
