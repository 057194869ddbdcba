import type { UpdateTaskInput } from '@teamboard/contract';
import { sql, type RawBuilder } from 'kysely';
import { numberTextSql } from '../../../../lib/numbers.js';
import { logValue, type LogChange } from '../../task-logs.js';
import type { TaskChanges } from '../../tasks.repository.js';
import type { TaskRow } from '../../tasks.table.js';

type Sql = RawBuilder<unknown>;

/**
 * How a kind of field is stored and how the log writes it, once in JS (scalarChanges, the ordinary
 * and SQLite updates) and once in SQL (PostgreSQL's one-statement update, postgres.ts), side by side
 * so that the two change together. A stored value is what the column holds: booleans as 0/1.
 */
interface Kind {
  /** The column's SQL type, for a parameter compared with it. */
  sqlType: 'text' | 'integer' | 'double precision';
  /** The stored value's log text, in JS (`stored`) and in SQL (`column`). */
  text(stored: unknown): string | null;
  textSql(column: Sql): Sql;
}

const KINDS = {
  text: { sqlType: 'text', text: logValue, textSql: (column) => column },
  integer: { sqlType: 'integer', text: logValue, textSql: (column) => sql`cast(${column} as text)` },
  // PostgreSQL's own text of a double switches to an exponent sooner than JS does (numberTextSql).
  number: { sqlType: 'double precision', text: logValue, textSql: numberTextSql },
  boolean: {
    sqlType: 'integer',
    text: (stored) => (stored === 1 ? 'true' : 'false'),
    textSql: (column) => sql`case when ${column} = 1 then 'true' else 'false' end`,
  },
} satisfies Record<string, Kind>;

/**
 * THE scalar fields of PUT /api/tasks/:id, each with its kind: the fields that map 1:1 to columns.
 * scalarChanges and the SQL of the pipelined update both compare and log from this table.
 */
const SCALAR_FIELD_KINDS = {
  title: 'text',
  description: 'text',
  milestone_id: 'integer',
  deadline: 'text',
  starting_date: 'text',
  is_blocked: 'boolean',
  blocked_reason: 'text',
  expected_hours: 'number',
  priority: 'text',
  completed: 'boolean',
  is_archived: 'boolean',
} as const satisfies Partial<Record<keyof UpdateTaskInput & keyof TaskRow, keyof typeof KINDS>>;

export type ScalarField = keyof typeof SCALAR_FIELD_KINDS;
export const SCALAR_FIELDS = Object.keys(SCALAR_FIELD_KINDS) as ScalarField[];

const kindOf = (field: ScalarField): Kind => KINDS[SCALAR_FIELD_KINDS[field]];

/** An input field's value as its column stores it: booleans as 0/1, everything else as given. */
export function storedValue(
  value: UpdateTaskInput[ScalarField],
): Exclude<UpdateTaskInput[ScalarField], boolean> | number {
  return typeof value === 'boolean' ? Number(value) : value;
}

/** A parameter as its column's type, so that SQL compares like with like. */
export function storedSql(field: ScalarField, value: unknown): Sql {
  return sql`cast(${value} as ${sql.raw(kindOf(field).sqlType)})`;
}

/** How a stored value reads in the log (JS), and how a stored column reads there (SQL). */
export const logText = (field: ScalarField, stored: unknown) => kindOf(field).text(stored);
export const logTextSql = (field: ScalarField, column: Sql) => kindOf(field).textSql(column);

/** A field changes when its stored value is another: JS and SQL, the same rule. */
export const isChange = (old: unknown, stored: unknown) => old !== stored;
export const isChangeSql = (column: Sql, stored: Sql) => sql`${column} is distinct from ${stored}`;

/** Adds a log entry when a value reads differently after the change. */
export function logIfChanged(
  logs: LogChange[],
  taskId: number,
  field: string,
  from: unknown,
  to: unknown,
): void {
  const [oldValue, newValue] = [logValue(from), logValue(to)];
  if (oldValue !== newValue) logs.push({ task_id: taskId, field, old_value: oldValue, new_value: newValue });
}

/**
 * The columns an update's scalar fields change (a value equal to the stored one changes nothing)
 * and their log entries; completing or reopening also sets `completed_at`.
 */
export function scalarChanges(
  task: TaskRow,
  input: UpdateTaskInput,
  now: string,
): { changes: TaskChanges; logs: LogChange[] } {
  const changes: TaskChanges = { updated_at: now };
  const logs: LogChange[] = [];
  for (const field of SCALAR_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const stored = storedValue(value);
    if (!isChange(task[field], stored)) continue;
    Object.assign(changes, { [field]: stored });
    logIfChanged(logs, task.id, field, logText(field, task[field]), logText(field, stored));
  }
  if (changes.completed !== undefined) changes.completed_at = changes.completed === 1 ? now : null;
  return { changes, logs };
}

/** Whether an update touches only the task's own columns (no assignees, labels or milestone to check). */
export function isScalarOnly(input: UpdateTaskInput): boolean {
  return input.assigned === undefined && input.labels === undefined && input.milestone_id == null;
}
