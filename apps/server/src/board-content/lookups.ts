import type { Label } from '@teamboard/contract';
import { round2, round2Sql } from '../lib/numbers.js';
import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { isSqlite } from '../db/dialect.js';
import { AppError } from '../lib/app-error.js';
import { PreparedQuery } from '../lib/prepared-query.js';

export type BoardRow = Selectable<Database['boards']>;
export type ColumnRow = Selectable<Database['columns']>;
export type TaskRow = Selectable<Database['tasks']>;
export type LabelRow = Selectable<Database['labels']>;
/** A column with its board's project, so callers can check it belongs where they expect. */
export type ColumnInProject = ColumnRow & { project_id: number };

// Prepared: every GET /api/boards/:id (304s included) runs these.
const boardVersionQuery = new PreparedQuery((db: Db, id: number) =>
  db.selectFrom('boards').select(['project_id', 'version']).where('id', '=', id),
);
const boardQuery = new PreparedQuery((db: Db, projectId: number, id: number) =>
  db.selectFrom('boards').selectAll().where('id', '=', id).where('project_id', '=', projectId),
);

/** The board's project and current version (a real-time join needs no more). */
export function findBoardVersion(
  db: Db,
  id: number,
): Promise<{ project_id: number; version: number } | undefined> {
  return boardVersionQuery.first(db, id);
}

export function findBoard(db: Db, projectId: number, id: number): Promise<BoardRow | undefined> {
  return boardQuery.first(db, projectId, id);
}

function columnsWithProject(db: Db) {
  return db
    .selectFrom('columns')
    .innerJoin('boards', 'boards.id', 'columns.board_id')
    .select(['columns.id', 'columns.board_id', 'columns.name', 'columns.position', 'boards.project_id']);
}

export function findColumn(db: Db, id: number): Promise<ColumnInProject | undefined> {
  return columnsWithProject(db).where('columns.id', '=', id).executeTakeFirst();
}

/** findColumn for a few ids at once (missing ones are left out). */
export function findColumns(db: Db, ids: number[]): Promise<ColumnInProject[]> {
  return columnsWithProject(db)
    .where('columns.id', 'in', [...new Set(ids)])
    .execute();
}

export async function projectIdOfColumn(db: Db, id: number): Promise<number | undefined> {
  return (await findColumn(db, id))?.project_id;
}

export async function projectIdOfTask(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('tasks').select('project_id').where('id', '=', id).executeTakeFirst();
  return row?.project_id;
}

export function findTask(db: Db, projectId: number, id: number): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** The task `taskId` of the project, or 404 (features that hang things on tasks start here). */
export async function requireTask(db: Db, projectId: number, taskId: number): Promise<TaskRow> {
  const task = await findTask(db, projectId, taskId);
  if (!task) throw new AppError('NOT_FOUND');
  return task;
}

/**
 * requireTask and lockTask in one statement (PostgreSQL: `SELECT … FOR UPDATE`; SQLite serializes
 * writes anyway): one round trip less for writes that recompute what the task totals.
 */
export async function requireLockedTask(db: Db, projectId: number, taskId: number): Promise<TaskRow> {
  const query = db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('project_id', '=', projectId);
  const task = await (isSqlite(db) ? query : query.forUpdate()).executeTakeFirst();
  if (!task) throw new AppError('NOT_FOUND');
  return task;
}

/**
 * PostgreSQL: lock the task row so that concurrent changes to what it totals (hours) recompute one
 * after the other (each sum then sees the other's committed row). SQLite serializes writes anyway.
 */
export async function lockTask(db: Db, taskId: number): Promise<void> {
  if (isSqlite(db)) return;
  await db.selectFrom('tasks').select('id').where('id', '=', taskId).forUpdate().execute();
}

/** total_hours := the sum of the task's hours (same transaction as the change). */
export async function refreshTaskHours(db: Db, taskId: number): Promise<void> {
  const row = await hoursSumQuery.first(db, taskId);
  await db.executeQuery(totalHoursUpdate(db, taskId, row?.total ?? null));
}

// Prepared: every hour report runs them (lib/prepared-query.ts).
const hoursSumQuery = new PreparedQuery((db: Db, taskId: number) =>
  db
    .selectFrom('hours')
    .select((eb) => eb.fn.sum<number | string | null>('hours').as('total'))
    .where('task_id', '=', taskId),
);
const totalHoursQuery = new PreparedQuery((db: Db, taskId: number, total: number) =>
  db.updateTable('tasks').set({ total_hours: total }).where('id', '=', taskId),
);

/** The steps of refreshTaskHours, for writes that run them themselves: the sum… */
export function hoursSum(db: Db, taskId: number) {
  return hoursSumQuery.compiled(db, taskId);
}

/** …and the task's total set to it, rounded to cents. */
export function totalHoursUpdate(db: Db, taskId: number, sum: number | string | null) {
  return totalHoursQuery.compiled(db, taskId, roundedTotal(sum));
}

/** refreshTaskHours in one statement, the sum rounded in SQL (PostgreSQL's one-step hour report). */
export function totalHoursRefresh(db: Db, projectId: number, taskId: number) {
  return totalHoursRefreshQuery.compiled(db, projectId, taskId);
}

const totalHoursRefreshQuery = new PreparedQuery(
  (_db: Db, projectId: number, taskId: number) =>
    sql`update tasks set total_hours = (
        select ${round2Sql(sql`coalesce(sum(hours.hours), 0)`)} from hours where hours.task_id = ${taskId})
      where tasks.id = ${taskId} and tasks.project_id = ${projectId}`,
);

/** A task's total hours: the sum of its reports, rounded to cents. */
function roundedTotal(sum: number | string | null): number {
  return round2(Number(sum ?? 0));
}

export function toLabel(row: LabelRow): Label {
  return { id: row.id, name: row.name, color: row.color.toLowerCase(), project_id: row.project_id };
}

/** The project's labels (every board shows them). */
export async function listProjectLabels(db: Db, projectId: number): Promise<Label[]> {
  const rows = await db
    .selectFrom('labels')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.map(toLabel);
}

/** Every id must be a label of the project (422 otherwise). Duplicates are dropped. */
export async function assertProjectLabels(db: Db, projectId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const row = await db
    .selectFrom('labels')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('project_id', '=', projectId)
    .where('id', 'in', unique)
    .executeTakeFirstOrThrow();
  if (Number(row.count) !== unique.length) throw new AppError('VALIDATION_FAILED');
  return unique;
}

/** The id must be a milestone of the project (422 otherwise). */
export async function assertProjectMilestone(db: Db, projectId: number, id: number): Promise<void> {
  const row = await db
    .selectFrom('milestones')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('VALIDATION_FAILED');
}
