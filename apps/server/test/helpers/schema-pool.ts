import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL test schemas, reused within a worker process. A test's schema is emptied back to the
 * template dump's rows (the migrator's bookkeeping, the first terms version) and its sequences reset,
 * in one round trip, instead of being dropped; the worker's next test takes it. The names carry the
 * run's id (TEST_SCHEMA_RUN, set by schema-run.ts) so the run's last step drops what is left.
 */

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUN = process.env.TEST_SCHEMA_RUN ?? `p${process.pid}`;
const emptied: string[] = [];

/** A fresh schema name of this run: `test_<run>_<kind>_<random>`. */
export function newSchemaName(kind = 'db'): string {
  return `test_${RUN}_${kind}_${randomBytes(5).toString('hex')}`;
}

/** A schema a finished test left empty, if there is one. */
export function takeEmptiedSchema(): string | undefined {
  return emptied.pop();
}

/**
 * Empties `schema` back to the dump's rows and keeps it for the next test. False (the caller drops
 * it) when the test changed the schema's tables or still holds a lock on them.
 */
export async function emptySchemaForReuse(
  schema: string,
  dump: string,
  dumpSchema: string,
): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(resetStatement(dump, dumpSchema).replaceAll(dumpSchema, schema));
    emptied.push(schema);
    return true;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

const resets = new Map<string, string>();

/** One transaction: check the tables are the dump's, delete every row, replay the dump's rows and sequence values. */
function resetStatement(dump: string, dumpSchema: string): string {
  let statement = resets.get(dump);
  if (statement) return statement;
  const tables = [...dump.matchAll(new RegExp(`^CREATE TABLE ${dumpSchema}\\.(\\w+) \\(`, 'gm'))].map(
    (match) => match[1]!,
  );
  // pg_dump writes the rows (INSERTs) and then every sequence's value (setval) before the constraints.
  const firstRow = dump.search(/^INSERT INTO /m);
  const lastSetval = dump.lastIndexOf('SELECT pg_catalog.setval(');
  const rowsAndSequences = dump.slice(firstRow, dump.indexOf('\n', lastSetval));
  if (tables.length === 0 || firstRow < 0 || lastSetval < firstRow) throw new Error('unexpected dump layout');
  statement = [
    'begin;',
    "set local lock_timeout = '2s';",
    // Rows go in any order: foreign keys are not checked while the rows are replaced.
    'set local session_replication_role = replica;',
    `do $$ begin if (select count(*) from pg_tables where schemaname = '${dumpSchema}') <> ${tables.length}` +
      ` then raise exception 'the test changed the schema'; end if; end $$;`,
    ...tables.map((table) => `delete from ${dumpSchema}.${table};`),
    rowsAndSequences,
    'commit;',
  ].join('\n');
  resets.set(dump, statement);
  return statement;
}
