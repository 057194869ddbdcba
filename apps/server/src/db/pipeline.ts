import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { Writable } from 'node:stream';
import type { Pool, PoolClient, QueryResult } from 'pg';

/**
 * Runs BEGIN, `statements` and COMMIT as ONE transaction written to the connection at once (pg's
 * pipeline mode): one round trip instead of one per statement, which is what a write costs on
 * PostgreSQL (docs/performance.md, "Writes"). The server still runs them one after the other, each
 * with its own snapshot (READ COMMITTED), so a statement sees what the ones before it locked and
 * wrote: a `SELECT … FOR UPDATE` followed by a statement that reads under that lock is as correct as
 * when each waited for its answer. What the pipeline cannot do is decide between statements: every
 * write must carry its own conditions in SQL, and a caller that needs more (a renumbered column, an
 * exact error) checks the answers and falls back to its ordinary transaction, which decides anew.
 *
 * If any statement fails, the server has aborted the transaction: the statements behind it fail
 * too, COMMIT answers ROLLBACK, nothing is written, and the first error is thrown.
 *
 * Each statement is prepared once per connection under a name that hashes its SQL (parsing and
 * planning again cost as much as running our indexed writes). Pass only statements with explicit
 * column lists: a prepared `SELECT *` would fail after a deploy adds a column.
 */
export async function pipelinedTransaction(
  pool: Pool,
  statements: readonly CompiledQuery[],
): Promise<QueryResult[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { begin, sent, commit } = inOneWrite(client, () => ({
      begin: client.query('begin'),
      sent: statements.map((statement) =>
        client.query({
          name: statementName(statement.sql),
          text: statement.sql,
          values: statement.parameters as unknown[],
        }),
      ),
      commit: client.query('commit'),
    }));
    const settled = await Promise.allSettled([begin, ...sent, commit]);
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) {
      // A statement the server refused leaves the connection usable (COMMIT rolled back); only a
      // failed BEGIN or COMMIT, or a broken socket, leaves it in doubt.
      const [first, last] = [settled[0]!, settled.at(-1)!];
      if (first.status === 'rejected' || last.status === 'rejected') broken = failure.reason as Error;
      throw failure.reason;
    }
    return settled.slice(1, -1).map((outcome) => (outcome as PromiseFulfilledResult<QueryResult>).value);
  } finally {
    client.release(broken);
  }
}

/**
 * pg writes each query to the socket as it is submitted (one `writev` each); on loopback TCP a write
 * costs the sender the whole trip through the kernel's network stack, and those writes were the
 * largest item of a write's CPU profile. Corking the socket around the submissions sends them as one.
 * The socket is pg's internal `connection.stream`: without it (another pg), each query is its own write.
 */
function inOneWrite<T>(client: PoolClient, submit: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
  stream?.cork?.();
  try {
    return submit();
  } finally {
    stream?.uncork?.();
  }
}

const names = new Map<string, string>();

/** A prepared statement's name: the same SQL always gets the same one (pg checks that it matches). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `tb_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size > 1000) names.clear();
    names.set(text, name);
  }
  return name;
}
