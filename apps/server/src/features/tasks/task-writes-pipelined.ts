import type { TaskDetail, UpdateTaskInput } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { PostgresPipeline } from '../../db/one-step.js';
import { AppError } from '../../lib/app-error.js';
import { PreparedQuery, PreparedShapes } from '../../lib/prepared-query.js';
import { relatedOfTask } from '../../board-content/card-related.js';
import { DETAIL_SELECT, detailFromAnswers } from '../../board-content/card-statements.js';
import type { UserRow } from '../../users/users.js';
import { activityInsertSelect } from '../activity/activity.service.js';
import { SCALAR_FIELDS, storedValue, type ScalarField } from './task-changes.js';
import { logValue } from './task-logs.js';
import { bumped, logged } from './task-statement-parts.js';
import type { TaskRow } from './tasks.table.js';

/**
 * Task writes on PostgreSQL in one round trip each (db/pipeline.ts), beside their ordinary
 * transactions in tasks.service.ts, which stay the reference for what they do. Null where there is
 * no pipeline (SQLite) or where the ordinary write must decide.
 */

export interface WrittenTask {
  detail: TaskDetail;
  seq: number;
}

type Versioned = TaskRow & { version: number };

export interface CreateRequest {
  user: UserRow;
  projectId: number;
  columnId: number;
  title: string;
  now: string;
}

/**
 * A new task at the end of its column: lock the column, then one statement that inserts, logs and
 * bumps. A column that is not the project's inserts nothing: 404.
 */
export async function pipelinedCreate(
  db: Db,
  pipeline: PostgresPipeline,
  request: CreateRequest,
): Promise<WrittenTask> {
  const { user, projectId, columnId, title, now } = request;
  const results = await pipeline.transaction([
    lockProjectColumnQuery.compiled(db, columnId, projectId),
    createQuery.compiled(db, columnId, projectId, title, user.id, user.name, now),
  ]);
  const row = results[1]!.rows[0] as Versioned | undefined;
  if (!row) throw new AppError('NOT_FOUND');
  // A new task has no assignees, labels, comments or files yet: nothing more to read.
  return { detail: detailFromAnswers(row, null), seq: row.version };
}

// Each statement is built and compiled once, not on every request (lib/prepared-query.ts says why).
const lockProjectColumnQuery = new PreparedQuery(
  (_db: Db, columnId: number, projectId: number) =>
    sql`select columns.id from columns join boards on boards.id = columns.board_id
      where columns.id = ${columnId} and boards.project_id = ${projectId} for update of columns`,
);

const createQuery = new PreparedQuery(
  (
    _db: Db,
    columnId: number,
    projectId: number,
    title: string,
    userId: number,
    userName: string,
    now: string,
  ) =>
    sql<Versioned>`
      with target as (
        select columns.id, columns.board_id from columns join boards on boards.id = columns.board_id
        where columns.id = ${columnId} and boards.project_id = ${projectId}
      ),
      created as (
        insert into tasks (column_id, board_id, project_id, title, position, created_by, created_at, updated_at)
        select target.id, target.board_id, ${projectId}, ${title},
          coalesce((select max(position) from tasks where column_id = ${columnId}), 0) + 1,
          ${userId}, ${now}, ${now}
        from target
        returning ${DETAIL_SELECT}
      ),
      ${logged({ id: userId, name: userName }, now, sql`values ('created', cast(null as text), created.title)`, 'created')},
      ${bumped('created')}
      select created.*, bumped.version from created, bumped`,
);

/** How each scalar field is stored, for the SQL that compares and logs it (task-changes.ts). */
const FIELD_KINDS: Record<ScalarField, 'text' | 'integer' | 'double precision' | 'boolean'> = {
  title: 'text',
  description: 'text',
  milestone_id: 'integer',
  deadline: 'text',
  starting_date: 'text',
  is_blocked: 'boolean',
  blocked_reason: 'text',
  expected_hours: 'double precision',
  priority: 'text',
  completed: 'boolean',
  is_archived: 'boolean',
};

export interface UpdateRequest {
  user: UserRow;
  project: { id: number; name: string };
  taskId: number;
  input: UpdateTaskInput;
  now: string;
}

/**
 * An update of the task's own columns (isScalarOnly input) in one round trip: one statement locks
 * the task, compares each field of `input` with it and logs those that differ as scalarChanges
 * would (task-changes.ts), updates them, records a completion and bumps the board; then the card's
 * related rows. Null, having written nothing, when the task is not the project's (404) or nothing
 * changes: the ordinary update decides those.
 */
export async function pipelinedUpdate(
  db: Db,
  pipeline: PostgresPipeline,
  request: UpdateRequest,
): Promise<WrittenTask | null> {
  const { input, taskId } = request;
  const fields = SCALAR_FIELDS.filter((field) => input[field] !== undefined);
  if (fields.length === 0) return null;
  const shape: UpdateShape = { fields, completes: input.completed === true };
  const key = `${fields.join(',')}${shape.completes ? '+completes' : ''}`;
  const results = await pipeline.transaction([
    updates.compiled(db, key, updateArguments(shape, request), (_db, ...args) =>
      updateStatement(shape, updateValues(shape, args)),
    ),
    relatedOfTask(db, taskId),
  ]);
  const row = results[0]!.rows[0] as Versioned | undefined;
  return row ? { detail: detailFromAnswers(row, results[1]!), seq: row.version } : null;
}

/** What the SQL of an update depends on besides its values: the fields sent, and whether it completes. */
interface UpdateShape {
  fields: ScalarField[];
  completes: boolean;
}

/** The values of an update statement, named (updateStatement) and in argument order (updateArguments). */
interface UpdateValues {
  taskId: number;
  projectId: number;
  userId: number;
  userName: string;
  now: string;
  /** Per field of the shape: the value as stored, and as the log writes it. */
  stored: unknown[];
  logged: (string | null)[];
  /** When `completed` is sent: completed_at if it changes. */
  completedAt?: string | null;
  /** When the update completes: the project's name, for the activity. */
  projectName?: string;
}

function updateArguments({ fields, completes }: UpdateShape, request: UpdateRequest): unknown[] {
  const { user, project, taskId, input, now } = request;
  return [
    taskId,
    project.id,
    user.id,
    user.name,
    now,
    ...fields.map((field) => storedValue(input[field])),
    ...fields.map((field) => logValue(input[field])),
    ...(fields.includes('completed') ? [input.completed ? now : null] : []),
    ...(completes ? [project.name] : []),
  ];
}

function updateValues({ fields, completes }: UpdateShape, args: unknown[]): UpdateValues {
  const [taskId, projectId, userId, userName, now] = args as [number, number, number, string, string];
  const count = fields.length;
  // The optional values come last, in this order (a shape that completes sends `completed`).
  const [completedAt, projectName] = args.slice(5 + 2 * count) as [string | null, string];
  return {
    taskId,
    projectId,
    userId,
    userName,
    now,
    stored: args.slice(5, 5 + count),
    logged: args.slice(5 + count, 5 + 2 * count) as (string | null)[],
    ...(fields.includes('completed') ? { completedAt } : {}),
    ...(completes ? { projectName } : {}),
  };
}

/** The statements of pipelinedUpdate, one per shape. */
const updates = new PreparedShapes<Database, Versioned>();

/**
 * The statement of pipelinedUpdate, built once per shape (lib/prepared-query.ts): every value comes
 * from `values`, which hold placeholders while it is built.
 */
function updateStatement({ fields, completes }: UpdateShape, values: UpdateValues) {
  const { taskId, projectId, now } = values;
  const entries = sql.join(
    fields.map(
      (field, index) => sql`select cast(${field} as text) as field, ${oldText(field)} as old_value,
        cast(${values.logged[index]} as text) as new_value
      from old where old.${sql.ref(field)} is distinct from ${typed(field, values.stored[index])}`,
    ),
    sql` union all `,
  );
  const assignments = fields.map(
    (field, index) => sql`${sql.ref(field)} = ${typed(field, values.stored[index])}`,
  );
  if (fields.includes('completed'))
    assignments.push(sql`completed_at = case when tasks.completed = ${values.stored[fields.indexOf('completed')]}
      then tasks.completed_at else ${values.completedAt} end`);
  const completion = completes
    ? sql`, completion as (${activityInsertSelect(
        {
          kind: 'task.completed',
          actor: { id: values.userId, name: values.userName },
          project: { id: projectId, name: values.projectName! },
          subject: { userId: null, name: sql`updated.title` },
          at: now,
        },
        sql`from updated where exists (select 1 from entries where entries.field = 'completed')`,
      )})`
    : sql``;
  const user = { id: values.userId, name: values.userName };
  return sql<Versioned>`
    with old as (
      select tasks.id, ${sql.join(fields.map((field) => sql.ref(`tasks.${field}`)))} from tasks
      where tasks.id = ${taskId} and tasks.project_id = ${projectId}${tinyHoursGuard(fields)}
      for update
    ),
    entries as (${entries}),
    updated as (
      update tasks set ${sql.join(assignments)}, updated_at = ${now}
      where tasks.id in (select id from old) and exists (select 1 from entries)
      returning ${DETAIL_SELECT}
    ),
    ${logged(user, now, sql`select field, old_value, new_value from entries`, 'updated')}${completion},
    ${bumped('updated')}
    select updated.*, bumped.version from updated, bumped`;
}

/** A parameter as its column's type, so that `is distinct from` compares like with like. */
function typed(field: ScalarField, value: unknown) {
  const kind = FIELD_KINDS[field];
  return sql`cast(${value} as ${sql.raw(kind === 'boolean' ? 'integer' : kind)})`;
}

/** The stored value as logValue reads it in JS: booleans (0/1 here) as true/false, numbers as text. */
function oldText(field: ScalarField) {
  const column = sql`old.${sql.ref(field)}`;
  const kind = FIELD_KINDS[field];
  if (kind === 'boolean') return sql`case when ${column} = 1 then 'true' else 'false' end`;
  return kind === 'text' ? column : sql`cast(${column} as text)`;
}

/**
 * PostgreSQL writes a double under 0.0001 with an exponent ('1e-05') where JS writes '0.00001': an
 * old value the ordinary update logs as JS writes it, so this one leaves it alone (no row: null).
 */
function tinyHoursGuard(fields: ScalarField[]) {
  return fields.includes('expected_hours')
    ? sql` and (tasks.expected_hours is null or tasks.expected_hours = 0 or tasks.expected_hours >= 0.0001)`
    : sql``;
}
