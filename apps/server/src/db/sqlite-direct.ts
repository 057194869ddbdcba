import type SQLite from 'better-sqlite3';
import type { CompiledQuery, SqliteDatabase } from 'kysely';
import type { Db } from './database.js';

/** Each SQLite database's connection (registered by createDatabase), for the direct writes below. */
const connections = new WeakMap<Db, { raw: SQLite.Database; statements: SqliteDatabase }>();

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
 * which says what was wrong); what it returns commits, what it throws rolls back.
 *
 * Kysely's SQLite driver lends its one connection to one user at a time: `work` runs while this
 * holds it, so no Kysely transaction is open on it, and nothing else runs until it is done.
 * `begin immediate` takes the write lock first, so another process's write (the CLI) is waited for
 * (busy_timeout), never found half-way.
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
  return db.connection().execute(async () => {
    statements.prepare('begin immediate').run([]);
    try {
      const answer = work(direct);
      statements.prepare('commit').run([]);
      return answer;
    } catch (error) {
      // A failed COMMIT or an I/O error may have ended the transaction already.
      if (raw.inTransaction) statements.prepare('rollback').run([]);
      throw error;
    }
  });
}
