import type { AccountType, LessonStatus } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { bucketSql } from '../../lib/day-buckets.js';
import { localDaysSql, type LocalDay } from '../../lib/zone-days.js';

/** A count per calendar day; days without any are left out. */
export type DayCounts = Map<string, number>;

interface DayCountRow {
  day: string;
  n: number | string;
}

const toMap = (rows: DayCountRow[]): DayCounts => new Map(rows.map((row) => [row.day, Number(row.n)]));

/** The timestamp columns counted per day (ISO UTC text, each with its own index). */
const STAMPED = {
  projects_created: ['projects', 'created_at'],
  tasks_created: ['tasks', 'created_at'],
  tasks_completed: ['tasks', 'completed_at'],
  evaluations_answered: ['evaluation_responses', 'submitted_at'],
} as const;
export type StampedMetric = keyof typeof STAMPED;

/**
 * Rows whose timestamp falls on each day (its bounds in the server's zone): one index range per day
 * of the `days` table, on SQLite and PostgreSQL alike.
 */
export async function countPerDay(db: Db, metric: StampedMetric, days: LocalDay[]): Promise<DayCounts> {
  const [table, column] = STAMPED[metric];
  const at = sql.ref(`t.${column}`);
  const { rows } = await sql<DayCountRow>`
    with days(day, from_at, before_at) as (${localDaysSql(days)})
    select cast(days.day as text) as day, count(*) as n
    from days join ${sql.table(table)} t on ${at} >= days.from_at and ${at} < days.before_at
    group by days.day`.execute(db);
  return toMap(rows);
}

/** Hours logged per day (the hours' own date), from `start` to `end`. */
export async function hoursPerDay(db: Db, start: string, end: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('hours')
    .select(['date as day', (eb) => eb.fn.sum<number | string>('hours').as('n')])
    .where('date', '>=', start)
    .where('date', '<=', end)
    .groupBy('date')
    .execute();
  return toMap(rows);
}

/** Distinct active users per period (the day, or the week's Monday), from `start` to `end`. */
export async function activeUsersPerPeriod(
  db: Db,
  start: string,
  end: string,
  interval: 'day' | 'week',
): Promise<DayCounts> {
  const period = bucketSql(db, sql.ref('day'), interval);
  const rows = await db
    .selectFrom('user_activity_days')
    .select([period.as('day'), (eb) => eb.fn.count<number | string>('user_id').distinct().as('n')])
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy(period)
    .execute();
  return toMap(rows);
}

/** Distinct users active on any day from `start` to `end`. */
export async function activeUsersIn(db: Db, start: string, end: string): Promise<number> {
  const row = await db
    .selectFrom('user_activity_days')
    .select((eb) => eb.fn.count<number | string>('user_id').distinct().as('n'))
    .where('day', '>=', start)
    .where('day', '<=', end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a user's activity on a day; a second call for the same user and day changes nothing. */
export async function recordActivity(db: Db, userId: number, day: string): Promise<void> {
  await db
    .insertInto('user_activity_days')
    .values({ day, user_id: userId })
    .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
    .execute();
}

export async function usersByType(db: Db): Promise<Map<AccountType, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['account_type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('account_type')
    .execute();
  return new Map(rows.map((row) => [row.account_type, Number(row.n)]));
}

export async function lessonsByStatus(db: Db): Promise<Map<LessonStatus, number>> {
  const rows = await db
    .selectFrom('lessons')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

export async function projectsTotal(db: Db): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
