import type SQLite from 'better-sqlite3';
import type { CompiledQuery, SqliteDatabase } from 'kysely';
import type { Db } from './database.js';
import { WriteBatch } from './sqlite-group-commit.js';

/** Each SQLite database's connection (registered by createDatabase), for the direct writes below. */
const connections = new WeakMap<Db, { raw: SQLite.Database; statements: SqliteDatabase }>();
/** The transaction each database's next one-step write joins, while it is open (sqlite-group-commit.ts). */
const openBatches = new WeakMap<Db, WriteBatch>();

export function registerSqliteConnection(db: Db, raw: SQLite.Database, statements: SqliteDatabase): void {
  connections.set(db, { raw, statements });
}

/** Statements run at once, in the transaction of `directTransaction`. */
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
 * Null where there is no such connection (PostgreSQL, or a Kysely wrapped with a plugin).
 */
export async function directTransaction<T>(
  db: Db,
  work: (statements: DirectStatements) => T,
): Promise<T | null> {
  const connection = connections.get(db);
  if (!connection) return null;
  const { raw, statements } = connection;
  const direct: DirectStatements = {
    all: <R>(query: CompiledQuery<R>) => statements.prepare(query.sql).all(query.parameters) as R[],
    first: <R>(query: CompiledQuery<R>) => statements.prepare(query.sql).all(query.parameters)[0] as R,
    run: (query) => void statements.prepare(query.sql).run(query.parameters),
  };
  const open = openBatches.get(db);
  if (open?.isOpen) return open.join(() => work(direct), false);
  return db.connection().execute(async () => {
    statements.prepare('begin immediate').run([]);
    const batch = new WriteBatch(raw, statements, () => openBatches.delete(db));
    openBatches.set(db, batch);
    // Kysely's connection stays lent to this write until the transaction it opened has committed.
    return batch.join(() => work(direct), true);
  });
}
