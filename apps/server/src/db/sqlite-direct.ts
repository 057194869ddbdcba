import type SQLite from 'better-sqlite3';
import type { CompiledQuery, SqliteDatabase } from 'kysely';
import type { Db } from './database.js';
import { WriteBatch } from './sqlite-group-commit.js';

/** Statements run at once, in the transaction of `SqliteDirect.transaction`. */
export interface DirectStatements {
  all<R>(query: CompiledQuery<R>): R[];
  first<R>(query: CompiledQuery<R>): R | undefined;
  run(query: CompiledQuery): void;
}

/**
 * Runs `work` as ONE immediate SQLite transaction, every statement synchronous: SQLite's side of
 * what db/pipeline.ts does for PostgreSQL. A Kysely transaction awaits each statement (a mutex, a
 * compile, promise hops: about 40 µs a statement, more than most of our indexed writes cost), and a
 * write is eight or nine of them. Here JavaScript decides between statements, so `work` can check an
 * answer and return null before writing anything (the caller then runs its ordinary transaction,
 * which says what was wrong); what it returns commits, what it throws rolls back. Writes arriving in
 * the same turn of the event loop share the transaction and its COMMIT (sqlite-group-commit.ts); the
 * promise settles once that COMMIT has returned.
 *
 * Kysely's SQLite driver lends its one connection to one user at a time: the transaction's first
 * write borrows it until the COMMIT, so no Kysely transaction is open on it, and only the writes that
 * join run in between. `begin immediate` takes the write lock first, so another process's write (the
 * CLI) is waited for (busy_timeout), never found half-way.
 *
 * One per SQLite connection (db/app-database.ts makes it beside the Kysely handle `db` that owns it).
 */
export class SqliteDirect {
  readonly dialect = 'sqlite' as const;
  /** The transaction the next one-step write joins, while it is open (sqlite-group-commit.ts). */
  private openBatch: WriteBatch | undefined;
  private readonly direct: DirectStatements;

  constructor(
    private readonly db: Db,
    private readonly raw: SQLite.Database,
    private readonly statements: SqliteDatabase,
  ) {
    this.direct = {
      all: <R>(query: CompiledQuery<R>) => statements.prepare(query.sql).all(query.parameters) as R[],
      first: <R>(query: CompiledQuery<R>) => statements.prepare(query.sql).all(query.parameters)[0] as R,
      run: (query) => void statements.prepare(query.sql).run(query.parameters),
    };
  }

  async transaction<T>(work: (statements: DirectStatements) => T): Promise<T> {
    const open = this.openBatch;
    if (open?.isOpen) return open.join(() => work(this.direct), false);
    return this.db.connection().execute(async () => {
      this.statements.prepare('begin immediate').run([]);
      const batch = new WriteBatch(this.raw, this.statements, () => {
        if (this.openBatch === batch) this.openBatch = undefined;
      });
      this.openBatch = batch;
      // Kysely's connection stays lent to this write until the transaction it opened has committed.
      return batch.join(() => work(this.direct), true);
    });
  }
}
