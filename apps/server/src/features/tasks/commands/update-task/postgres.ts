import { sql } from 'kysely';
import { boardVersionBumped } from '../../../../board-content/board-versions.js';
import { relatedOfTask } from '../../../../board-content/card-related.js';
import { DETAIL_SELECT, detailFromAnswers } from '../../../../board-content/card-statements.js';
import type { Database, Db } from '../../../../db/database.js';
import type { PostgresPipeline } from '../../../../db/one-step.js';
import { PreparedShapes } from '../../../../lib/prepared-query.js';
import { activityInsertSelect } from '../../../activity/activity.service.js';
import { logged } from '../../task-logs.js';
import type { Versioned, WrittenTask } from '../written.js';
import {
  isChangeSql,
  logText,
  logTextSql,
  SCALAR_FIELDS,
  storedSql,
  storedValue,
  type ScalarField,
} from './fields.js';
import type { UpdateRequest } from './index.js';

/**
 * An update of the task's own columns (isScalarOnly input) in one round trip: one statement locks
 * the task, compares each field of `input` with it and logs those that differ as scalarChanges
 * would (fields.ts), updates them, records a completion and bumps the board; then the card's
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
    ...fields.map((field) => logText(field, storedValue(input[field]))),
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
    fields.map((field, index) => {
      const old = sql`old.${sql.ref(field)}`;
      return sql`select cast(${field} as text) as field, ${logTextSql(field, old)} as old_value,
        cast(${values.logged[index]} as text) as new_value
      from old where ${isChangeSql(old, storedSql(field, values.stored[index]))}`;
    }),
    sql` union all `,
  );
  const assignments = fields.map(
    (field, index) => sql`${sql.ref(field)} = ${storedSql(field, values.stored[index])}`,
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
      where tasks.id = ${taskId} and tasks.project_id = ${projectId}
      for update
    ),
    entries as (${entries}),
    updated as (
      update tasks set ${sql.join(assignments)}, updated_at = ${now}
      where tasks.id in (select id from old) and exists (select 1 from entries)
      returning ${DETAIL_SELECT}
    ),
    ${logged(user, now, sql`select field, old_value, new_value from entries`, 'updated')}${completion},
    ${boardVersionBumped('updated')}
    select updated.*, bumped.version from updated, bumped`;
}
