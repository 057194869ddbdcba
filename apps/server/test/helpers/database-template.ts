import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrations } from '../../src/db/migrations/index.js';

/**
 * A migrated database made once and copied for every test. Its name is a hash of the migrations'
 * names and code, so editing or adding a migration makes a new one; it is kept in the temp folder
 * so the test files of a run (and later runs) share it. Made under a temporary name and renamed,
 * so workers racing to make it never read half a file.
 */
const TEMPLATE_DIR = path.join(os.tmpdir(), 'teamboard-test-templates');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const [name, migration] of Object.entries(migrations))
    hash
      .update(name)
      .update(String(migration.up))
      .update(String(migration.down ?? ''));
  return hash.digest('hex').slice(0, 16);
}

const made = new Map<string, Promise<string>>();

/** The template's path for `kind` (sqlite: a database file; postgres: a SQL dump), made by `make` if missing. */
export function cachedTemplate(kind: 'sqlite' | 'postgres', make: (file: string) => Promise<void>) {
  const file = path.join(TEMPLATE_DIR, `${migrationsHash()}.${kind === 'sqlite' ? 'sqlite' : 'pg.sql'}`);
  let template = made.get(file);
  if (!template) {
    template = (async () => {
      if (!existsSync(file)) {
        mkdirSync(TEMPLATE_DIR, { recursive: true });
        const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
        try {
          await make(partial);
          renameSync(partial, file);
        } finally {
          rmSync(partial, { force: true });
        }
      }
      return kind === 'sqlite' ? file : readFileSync(file, 'utf8');
    })();
    made.set(file, template);
  }
  return template;
}

/**
 * `pg_dump` of one schema (definitions and rows as INSERTs) with the schema renamed to `as`.
 * psql's meta-commands (`\restrict`, added by recent pg_dump releases) are dropped: the dump is
 * replayed as one plain multi-statement query.
 */
export function dumpPostgresSchema(url: string, schema: string, as: string, file: string): void {
  const dump = execFileSync(
    'pg_dump',
    ['--schema', schema, '--inserts', '--no-owner', '--no-privileges', '--no-comments', url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const replayable = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replaceAll(schema, as);
  writeFileSync(file, replayable);
}
