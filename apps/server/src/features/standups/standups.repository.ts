import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import type { StandupRow, StandupsTable } from './standups.table.js';

/** A stand-up with its author's name. */
export type StandupListRow = StandupRow & { user_name: string };

/** The roles that submit stand-ups (the matrix's "submit own stand-up" row). */
export const SUBMITTING_ROLES = ['owner', 'member'] as const;

const COLUMNS = [
  'standups.id',
  'standups.project_id',
  'standups.user_id',
  'standups.day',
  'standups.did',
  'standups.will_do',
  'standups.blockers',
  'standups.is_blocked',
  'standups.hours',
  'standups.stress',
  'standups.feeling',
  'standups.created_at',
  'standups.updated_at',
  'users.name as user_name',
] as const;

export async function findStandup(db: Db, id: number): Promise<StandupListRow | undefined> {
  return db
    .selectFrom('standups')
    .innerJoin('users', 'users.id', 'standups.user_id')
    .select(COLUMNS)
    .where('standups.id', '=', id)
    .executeTakeFirst();
}

/** A project's stand-ups from `start` to `end` (days), newest day first, then by name. */
export async function listStandups(
  db: Db,
  projectId: number,
  range: { start: string; end: string; userId?: number | undefined },
): Promise<StandupListRow[]> {
  let query = db
    .selectFrom('standups')
    .innerJoin('users', 'users.id', 'standups.user_id')
    .select(COLUMNS)
    .where('standups.project_id', '=', projectId)
    .where('standups.day', '>=', range.start)
    .where('standups.day', '<=', range.end);
  if (range.userId !== undefined) query = query.where('standups.user_id', '=', range.userId);
  return query.orderBy('standups.day', 'desc').orderBy('users.name').orderBy('standups.id').execute();
}

/** Inserts one; undefined when the author already has one that day (the unique index decides). */
export async function insertStandup(db: Db, values: Insertable<StandupsTable>): Promise<number | undefined> {
  const row = await db
    .insertInto('standups')
    .values(values)
    .onConflict((conflict) => conflict.columns(['project_id', 'user_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateStandup(db: Db, id: number, values: Updateable<StandupsTable>): Promise<void> {
  await db.updateTable('standups').set(values).where('id', '=', id).execute();
}

export interface SubmittingMember {
  user_id: number;
  name: string;
  joined_at: string;
}

/** The project's current owners and members (who submit stand-ups), by name. */
export async function submittingMembers(db: Db, projectId: number): Promise<SubmittingMember[]> {
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['users.id as user_id', 'users.name', 'project_members.joined_at'])
    .where('project_members.project_id', '=', projectId)
    .where('project_members.role', 'in', SUBMITTING_ROLES)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** Who submitted on `day`. */
export async function authorsOn(db: Db, projectId: number, day: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('standups')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('day', '=', day)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export interface DayAggregate {
  day: string;
  submitted: number;
  hours_avg: number | null;
  stress_avg: number | null;
  feeling_avg: number | null;
  blocked: number;
}

/** Per day of the range (days with stand-ups only), aggregated in the database. */
export async function aggregateByDay(
  db: Db,
  projectId: number,
  range: { start: string; end: string },
): Promise<DayAggregate[]> {
  const rows = await db
    .selectFrom('standups')
    .select((eb) => [
      'day',
      eb.fn.countAll().as('submitted'),
      eb.fn.avg('hours').as('hours_avg'),
      eb.fn.avg('stress').as('stress_avg'),
      eb.fn.avg('feeling').as('feeling_avg'),
      eb.fn.sum('is_blocked').as('blocked'),
    ])
    .where('project_id', '=', projectId)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    submitted: num(row.submitted),
    hours_avg: numOrNull(row.hours_avg),
    stress_avg: numOrNull(row.stress_avg),
    feeling_avg: numOrNull(row.feeling_avg),
    blocked: num(row.blocked),
  }));
}

export interface MemberAggregate {
  user_id: number;
  submitted: number;
  hours_total: number;
  hours_avg: number | null;
  stress_avg: number | null;
  feeling_avg: number | null;
  days_blocked: number;
  /** Least-squares sums of stress (y) against the day's number from the range's start (x). */
  sum_x: number;
  sum_xx: number;
  sum_y: number;
  sum_xy: number;
}

/** Days from `start` to a `YYYY-MM-DD` column, as a number, on either dialect. */
function dayNumber(db: Db, start: string): RawBuilder<number> {
  return isSqlite(db)
    ? sql<number>`(julianday(standups.day) - julianday(${start}))`
    : sql<number>`(cast(standups.day as date) - cast(${start} as date))`;
}

/** Per author over the range, aggregated in the database. */
export async function aggregateByMember(
  db: Db,
  projectId: number,
  range: { start: string; end: string },
): Promise<MemberAggregate[]> {
  const x = dayNumber(db, range.start);
  const rows = await db
    .selectFrom('standups')
    .select((eb) => [
      'user_id',
      eb.fn.countAll().as('submitted'),
      eb.fn.sum('hours').as('hours_total'),
      eb.fn.avg('hours').as('hours_avg'),
      eb.fn.avg('stress').as('stress_avg'),
      eb.fn.avg('feeling').as('feeling_avg'),
      eb.fn.sum('is_blocked').as('days_blocked'),
      sql<number>`sum(${x})`.as('sum_x'),
      sql<number>`sum(${x} * ${x})`.as('sum_xx'),
      eb.fn.sum('stress').as('sum_y'),
      sql<number>`sum(${x} * standups.stress)`.as('sum_xy'),
    ])
    .where('project_id', '=', projectId)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .groupBy('user_id')
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id,
    submitted: num(row.submitted),
    hours_total: num(row.hours_total),
    hours_avg: numOrNull(row.hours_avg),
    stress_avg: numOrNull(row.stress_avg),
    feeling_avg: numOrNull(row.feeling_avg),
    days_blocked: num(row.days_blocked),
    sum_x: num(row.sum_x),
    sum_xx: num(row.sum_xx),
    sum_y: num(row.sum_y),
    sum_xy: num(row.sum_xy),
  }));
}

/** Each author's stand-up days over the range, oldest first, with whether each was blocked. */
export async function standupDays(
  db: Db,
  projectId: number,
  range: { start: string; end: string },
): Promise<{ user_id: number; day: string; is_blocked: number }[]> {
  return db
    .selectFrom('standups')
    .select(['user_id', 'day', 'is_blocked'])
    .where('project_id', '=', projectId)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .orderBy('user_id')
    .orderBy('day')
    .execute();
}

/** The texts of some authors' stand-ups over the range, newest day first (for text signals). */
export async function standupTexts(
  db: Db,
  projectId: number,
  range: { start: string; end: string },
  userIds: number[],
): Promise<Pick<StandupRow, 'id' | 'user_id' | 'day' | 'did' | 'will_do' | 'blockers'>[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('standups')
    .select(['id', 'user_id', 'day', 'did', 'will_do', 'blockers'])
    .where('project_id', '=', projectId)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .where('user_id', 'in', userIds)
    .orderBy('day', 'desc')
    .orderBy('id')
    .execute();
}
