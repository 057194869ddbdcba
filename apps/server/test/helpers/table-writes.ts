import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** apps/server/src, the tree the ownership check reads. */
export const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** The migrations create and fill every table by design: they are no feature's code. */
const MIGRATIONS = 'db/migrations/';

/** The table a write names when the code picks it at run time (a parameter, `${sql.table(x)}`). */
export const DYNAMIC_TABLE = '(named at run time)';

/** The Kysely builders that write: `db.insertInto('t')`, `db.updateTable('t')`… */
const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** A table in raw SQL: a name, a quoted name, or a substitution (DYNAMIC_MARK). */
const DYNAMIC_MARK = '${}';
const NAME = String.raw`("[^"]+"|[A-Za-z_]\w*|\$\{\})`;
/** Raw SQL writes: insert [or ignore|replace] into t, update t [[as] a] set, delete from t, replace/merge into t. */
const SQL_WRITES = [
  new RegExp(String.raw`\binsert\s+(?:or\s+(?:ignore|replace|abort|fail|rollback)\s+)?into\s+${NAME}`, 'gi'),
  new RegExp(String.raw`\bupdate\s+(?:only\s+)?${NAME}(?:\s+(?:as\s+)?(?!set\b)[A-Za-z_]\w*)?\s+set\b`, 'gi'),
  new RegExp(String.raw`\bdelete\s+from\s+(?:only\s+)?${NAME}`, 'gi'),
  new RegExp(String.raw`\b(?:replace|merge)\s+into\s+${NAME}`, 'gi'),
];

/** A source file as a path relative to src/ (`features/tasks/tasks.repository.ts`) and its text. */
export interface SourceFile {
  file: string;
  text: string;
}

export interface TableWrite {
  file: string;
  line: number;
  table: string;
}

/** Every non-test TypeScript file under src/, the migrations included (the caller decides). */
export function serverSourceFiles(root = SERVER_SRC): SourceFile[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

export const isMigration = (file: string) => file.startsWith(MIGRATIONS);

/**
 * Who a file speaks for: its feature (`features/tasks`) or, outside features/, its top folder
 * (`users`, `job-queue`, `plugins`, `board-content`…), or the file itself at the root of src/.
 */
export function ownerOfFile(file: string): string {
  const [top, second] = file.split('/');
  if (top === 'features' && second) return `features/${second}`;
  return file.includes('/') ? top! : file;
}

/**
 * Which unit owns each table: the table's interface is named in db/database.ts's `Database`, and the
 * file that declares that interface (`features/<domain>/<domain>.table.ts`, `users/users.table.ts`…)
 * says whose it is. Nothing here lists a table by hand.
 */
export function tableOwners(files: SourceFile[]): Map<string, string> {
  const database = files.find((source) => source.file === 'db/database.ts');
  if (!database) throw new Error('db/database.ts not found');
  const body = /export interface Database \{([^}]*)\}/.exec(database.text)?.[1] ?? '';
  const owners = new Map<string, string>();
  for (const [, table, type] of body.matchAll(/^\s*(\w+):\s*(\w+);/gm)) {
    const declaring = files.find((source) =>
      new RegExp(String.raw`export (?:interface|type) ${type}\b`).test(source.text),
    );
    if (!declaring) throw new Error(`no file declares ${type}, the type of table ${table}`);
    owners.set(table!, ownerOfFile(declaring.file));
  }
  return owners;
}

/** Every write to a table in `source`: Kysely builders and raw SQL in strings and templates. */
export function tableWrites(source: SourceFile): TableWrite[] {
  const parsed = ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true);
  const writes: TableWrite[] = [];
  const lineOf = (position: number) => parsed.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isKyselyWrite(node)) {
      writes.push({ file: source.file, line: lineOf(node.getStart()), table: kyselyTable(node) });
    }
    const text = literalText(node);
    if (text !== null) {
      for (const { offset, table } of sqlWrites(text)) {
        writes.push({ file: source.file, line: lineOf(node.getStart()) + lineBreaksIn(text, offset), table });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return writes;
}

function isKyselyWrite(call: ts.CallExpression): boolean {
  const callee = call.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  return name !== undefined && KYSELY_WRITES.has(name);
}

/** `'tasks'` and `'tasks as t'` name tasks; anything else (a variable, a cast) is decided at run time. */
function kyselyTable(call: ts.CallExpression): string {
  const [first] = call.arguments;
  if (first && ts.isStringLiteralLike(first)) return first.text.trim().split(/\s+/)[0]!;
  return DYNAMIC_TABLE;
}

/** The text of a string or template literal (substitutions as DYNAMIC_MARK); null for other nodes. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => DYNAMIC_MARK + span.literal.text).join('');
  }
  return null;
}

function sqlWrites(text: string): { offset: number; table: string }[] {
  return SQL_WRITES.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => ({
      offset: match.index,
      table: match[1] === DYNAMIC_MARK ? DYNAMIC_TABLE : match[1]!.replace(/"/g, '').toLowerCase(),
    })),
  );
}

const lineBreaksIn = (text: string, end: number) => text.slice(0, end).split('\n').length - 1;

export interface ForeignWrite extends TableWrite {
  writer: string;
  /** The table's owner; undefined when the table is named at run time. */
  owner: string | undefined;
}

/**
 * The writes of `files` to a table another unit owns, or to a table named at run time (which no scan
 * can judge). Raw SQL that names no known table ("delete from the list" in a message) is not a write.
 */
export function foreignWrites(files: SourceFile[], owners: Map<string, string>): ForeignWrite[] {
  return files
    .filter((source) => !isMigration(source.file))
    .flatMap(tableWrites)
    .filter((write) => write.table === DYNAMIC_TABLE || owners.has(write.table))
    .map((write) => ({ ...write, writer: ownerOfFile(write.file), owner: owners.get(write.table) }))
    .filter((write) => write.owner !== write.writer);
}
