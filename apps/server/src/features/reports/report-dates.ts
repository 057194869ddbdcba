import { rangeError, type HoursFilter } from '@teamboard/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { ErrorCode } from '@teamboard/contract';

const DAY_MS = 86_400_000;

/** Refuses a range that ends before it starts or is longer than the view covers (SPEC §9). */
export function checkRange(start: string, end: string, filter?: HoursFilter): void {
  const error = rangeError(start, end, filter);
  if (error) throw new AppError(error as ErrorCode);
}

/** The day as text; past 9999-12-31 in JavaScript's expanded form (`+010000-01-01`), never cut short. */
function dayText(instant: number): string {
  const iso = new Date(instant).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}

export function addDays(day: string, days: number): string {
  return dayText(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/**
 * Every day from `start` to `end`, oldest first. Counted as instants, not compared as text: the day
 * after 9999-12-31 is `+010000-01-01`, which sorts before `9999-…`, and a loop comparing text never
 * ended there (the fuzz test found it with a range ending on 9999-12-31).
 */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let at = Date.parse(`${start}T00:00:00Z`); at <= last; at += DAY_MS) days.push(dayText(at));
  return days;
}

/** The Monday of a day's week (weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The bucket a day falls in for `filter`: the day, its week's Monday, `YYYY-MM` or `YYYY`. */
export function bucketOf(day: string, filter: HoursFilter): string {
  if (filter === 'week') return mondayOf(day);
  if (filter === 'month') return day.slice(0, 7);
  if (filter === 'year') return day.slice(0, 4);
  return day;
}

/** Every bucket from `start` to `end`, in order, empty ones included. */
export function bucketsBetween(start: string, end: string, filter: HoursFilter): string[] {
  const buckets: string[] = [];
  for (const day of eachDay(start, end)) {
    const bucket = bucketOf(day, filter);
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
  }
  return buckets;
}

/**
 * The SQL expression of a `YYYY-MM-DD` column's bucket, the same on both dialects (weeks: the
 * Monday, as `bucketOf` computes it).
 */
export function bucketSql(db: Db, day: RawBuilder<unknown>, filter: HoursFilter): RawBuilder<string> {
  if (filter === 'month') return sql<string>`substr(${day}, 1, 7)`;
  if (filter === 'year') return sql<string>`substr(${day}, 1, 4)`;
  if (filter === 'day') return sql<string>`${day}`;
  return isSqlite(db)
    ? sql<string>`date(${day}, '-' || ((cast(strftime('%w', ${day}) as integer) + 6) % 7) || ' days')`
    : sql<string>`to_char(date_trunc('week', cast(${day} as date)), 'YYYY-MM-DD')`;
}

/** The timestamps (ISO text) of a range of days: from the start's midnight to the day after the end. */
export function timestampBounds(start: string, end: string): { from: string; before: string } {
  return { from: `${start}T00:00:00.000Z`, before: `${addDays(end, 1)}T00:00:00.000Z` };
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
