import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DYNAMIC_TABLE,
  foreignWrites,
  isMigration,
  SERVER_SRC,
  serverSourceFiles,
  tableOwners,
  tableWrites,
  type ForeignWrite,
} from '../helpers/table-writes.js';

/**
 * The writes allowed to cross an owner (docs/architecture.md, "Who writes a table"): each names its
 * file, table and why. Keep it short; an entry that no longer matches a write fails the test.
 */
const BOARD_LAYER =
  'board-content/ keeps the board version and the card totals for every feature; it sits below features/ and may not call them';
const ALLOWED: { file: string; table: string; reason: string }[] = [
  { file: 'board-content/board-versions.ts', table: 'boards', reason: BOARD_LAYER },
  { file: 'board-content/card-statements.ts', table: 'boards', reason: BOARD_LAYER },
  { file: 'board-content/lookups.ts', table: 'tasks', reason: BOARD_LAYER },
  {
    file: 'features/code-hosting/repositories.repository.ts',
    table: 'projects',
    reason:
      'has_github follows the repositories in one UPDATE with a subquery; through projects it would be a read, then a write',
  },
  {
    file: 'features/lessons/lessons.repository.ts',
    table: DYNAMIC_TABLE,
    reason: 'a LessonMark: one of lessons’ own three mark tables',
  },
  {
    file: 'lib/rebalance.ts',
    table: DYNAMIC_TABLE,
    reason: 'renumbers the sort keys of the list its caller names, in the caller’s transaction',
  },
];

const describeWrite = (write: ForeignWrite) =>
  `${write.file}:${write.line} writes ${write.table} (owner: ${write.owner ?? 'unknown'})`;

const isAllowed = (write: ForeignWrite) =>
  ALLOWED.some((entry) => entry.file === write.file && entry.table === write.table);

describe('a feature writes only its own tables (issue 45 point 4)', () => {
  const files = serverSourceFiles();
  const owners = tableOwners(files);
  const found = foreignWrites(files, owners);

  it('reads every non-test source file under src/, and the migrations are exempt as a whole', () => {
    const onDisk = (readdirSync(SERVER_SRC, { recursive: true }) as string[]).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(files).toHaveLength(onDisk.length);
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((source) => isMigration(source.file)).length).toBeGreaterThan(10);
  });

  it('knows the owner of every table db/database.ts names, from where its interface is declared', () => {
    expect(owners.size).toBeGreaterThan(50);
    expect(owners.get('tasks')).toBe('features/tasks');
    expect(owners.get('users')).toBe('users');
    expect(owners.get('jobs')).toBe('job-queue');
    expect(owners.get('idempotency_keys')).toBe('plugins');
  });

  it('finds no write to a table another feature or layer owns, beyond the allowlist', () => {
    expect(found.filter((write) => !isAllowed(write)).map(describeWrite)).toEqual([]);
  });

  it('keeps no allowlist entry that matches no write, nor one docs/architecture.md does not name', () => {
    const architecture = readFileSync(path.join(SERVER_SRC, '../../../docs/architecture.md'), 'utf8');
    for (const entry of ALLOWED) {
      expect(
        found.some((write) => write.file === entry.file && write.table === entry.table),
        entry.file,
      ).toBe(true);
      expect(architecture.includes(entry.file), `${entry.file} in docs/architecture.md`).toBe(true);
    }
  });

  it('catches a foreign write in every form it looks for (the scanner itself)', () => {
    const sample = {
      file: 'features/labels/sample.ts',
      text: [
        "db.insertInto('labels').values(row);",
        "db.updateTable('tasks as t').set({ title: 'x' });",
        'db.deleteFrom(table);',
        '// insert into tasks (a comment is no write)',
        "const message = 'delete from the list';",
        'sql`insert or ignore into boards (id) values (1) on conflict do nothing`;',
        'sql`UPDATE columns SET name = ${name}`;',
        'sql`update ${sql.table(list)} set key = 1`;',
        '`delete from\n  milestones where id = ${id}`;',
      ].join('\n'),
    };
    expect(tableWrites(sample).map(({ line, table }) => `${line} ${table}`)).toEqual([
      '1 labels',
      '2 tasks',
      `3 ${DYNAMIC_TABLE}`,
      '5 the', // prose, not a table: foreignWrites drops names no table has
      '6 boards',
      '7 columns',
      `8 ${DYNAMIC_TABLE}`,
      '9 milestones',
    ]);
    const foreign = foreignWrites([sample], owners).map(describeWrite);
    expect(foreign).toEqual([
      'features/labels/sample.ts:2 writes tasks (owner: features/tasks)',
      `features/labels/sample.ts:3 writes ${DYNAMIC_TABLE} (owner: unknown)`,
      'features/labels/sample.ts:6 writes boards (owner: features/boards)',
      'features/labels/sample.ts:7 writes columns (owner: features/boards)',
      `features/labels/sample.ts:8 writes ${DYNAMIC_TABLE} (owner: unknown)`,
      'features/labels/sample.ts:9 writes milestones (owner: features/milestones)',
    ]);
  });
});
