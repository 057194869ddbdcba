import { eachDay, mondayOf, type HoursFilter } from '@teamboard/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { isSqlite } from '../db/dialect.js';

/**
 * The bucket a day falls in for `filter`: the day, its week's Monday, `YYYY-MM` or `YYYY` (the hours
 * report's views and the dashboard's metrics group days so). `bucketSql` is the same rule in SQL.
 */
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
