import pg from 'pg';
import { inject } from 'vitest';

/**
 * A closed test's PostgreSQL schema, emptied back to the template's rows, is the next test's schema.
 * Replaying the template dump took ~1 s per test and dropping it ~0.5 s on CI's machine; emptying
 * takes ~0.1 s. That was most of the PostgreSQL suite's time (docs/toolchain.md, "CI time").
 *
 * Only a schema whose shape still matches the template's (no test altered or migrated it) is reused;
 * any other is dropped, as before. Names carry the run's prefix (test/global-setup.ts), which drops
 * them when the run ends.
 */

// What test/global-setup.ts provides: declared here, beside its reader, so that every program that
// compiles this file (the server's tests, the bench through helpers/database.ts) knows the key.
declare module 'vitest' {
  export interface ProvidedContext {
    reusableSchemaPrefix: string;
  }
}

/** Schemas of this worker that no open test uses, each emptied back to the template. */
const idle: string[] = [];

/** The run's prefix for reusable schemas, or undefined where no run provides one (then nothing is reused). */
export function reusablePrefix(): string | undefined {
  try {
    return inject('reusableSchemaPrefix');
  } catch {
    return undefined; // outside a Vitest worker
  }
}

/** An idle schema for a new test database, if this worker has one. */
export function takeIdleSchema(): string | undefined {
  return idle.pop();
}

/**
 * The statements that bring a schema back to the template's rows: every table emptied (foreign keys
 * not checked, as `session_replication_role = replica` skips their triggers), then the template's rows
 * and sequence positions replayed. Built from the dump's own sections.
 */
export function resetStatements(dump: string, templateSchema: string): string {
  const blocks = dump.split(/\n--\n-- /);
  const tables = [...dump.matchAll(new RegExp(`^CREATE TABLE ${templateSchema}\\.(\\w+)`, 'gm'))].map(
    (match) => match[1],
  );
  const replayed = blocks
    .filter((block) => /^(Data for Name: .*; Type: TABLE DATA|Name: .*; Type: SEQUENCE SET);/.test(block))
    .map((block) => block.slice(block.indexOf('\n--\n') + 4));
  return [
    'set local session_replication_role = replica',
    "set local lock_timeout = '5s'",
    truncateGrown(templateSchema),
    ...tables.map((table) => `delete from ${templateSchema}.${table}`),
    ...replayed,
  ].join(';\n');
}

/**
 * A table a test filled with many rows is truncated rather than emptied row by row: deleted rows
 * stay on disk until a vacuum, and the next test's scans would read them (1,000 moves took 10 s on a
 * fresh schema and over 120 s on one a bulk test had used). Truncating costs ~15 ms a table, so the
 * few that grew past eight pages are truncated, with what refers to them.
 */
function truncateGrown(schema: string): string {
  return `do $$ declare grown text; begin
    select string_agg(format('%I.%I', n.nspname, c.relname), ', ') into grown
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = '${schema}' and c.relkind = 'r' and pg_relation_size(c.oid) > 8 * 8192;
    if grown is not null then execute 'truncate ' || grown || ' cascade'; end if;
  end $$`;
}

/**
 * What a schema is made of (relations, columns and their types, constraints, routines, triggers),
 * as one hash: equal to the template's when no test changed its shape.
 */
export async function schemaShape(client: pg.Client, schema: string): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(
    `select md5(coalesce(string_agg(item, ',' order by item), '')) as shape from (
      select 'r:' || c.relname::text || ':' || c.relkind::text as item from pg_class c
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1
      union all select 'c:' || c.relname || '.' || a.attname::text || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull::text
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and a.attnum > 0 and not a.attisdropped
      union all select 'k:' || conname::text from pg_constraint join pg_namespace n on n.oid = connamespace where n.nspname = $1
      union all select 'p:' || proname::text from pg_proc join pg_namespace n on n.oid = pronamespace where n.nspname = $1
      union all select 't:' || tgname::text from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and not t.tgisinternal
    ) items`,
    [schema],
  );
  return rows[0]!.shape;
}

/** The template's shape, taken from the first schema this worker made from the dump. */
let templateShape: Promise<string> | undefined;

export function rememberTemplateShape(url: string, schema: string): void {
  templateShape ??= withClient(url, (client) => schemaShape(client, schema));
}

/**
 * Empties a closed test's schema for the next test, when its shape is still the template's: true when
 * it is idle now, false when the caller must drop it (changed shape, or a lock still held elsewhere).
 */
export async function releaseForReuse(url: string, schema: string, reset: string): Promise<boolean> {
  if (!templateShape) return false;
  const expected = await templateShape;
  return withClient(url, async (client) => {
    if ((await schemaShape(client, schema)) !== expected) return false;
    try {
      await client.query(`begin;\n${reset};\ncommit`);
    } catch {
      await client.query('rollback').catch(() => {});
      return false;
    }
    idle.push(schema);
    return true;
  });
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
