import {
  ACCOUNT_TYPES,
  addDays,
  LESSON_STATUSES,
  METRICS_DEFAULT_RANGE_DAYS,
  METRICS_SERIES_KEYS,
  metricsRangeError,
  mondayOf,
  type ErrorCode,
  type Metrics,
  type MetricsNumbers,
  type MetricsQuery,
} from '@teamboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { bucketsBetween } from '../../lib/day-buckets.js';
import { round2 } from '../../lib/numbers.js';
import { dayIn, localDays, serverTimeZone } from '../../lib/zone-days.js';
import * as repo from './metrics.repository.js';
import type { DayCounts, StampedMetric } from './metrics.repository.js';

const STAMPED_METRICS: StampedMetric[] = [
  'projects_created',
  'tasks_created',
  'tasks_completed',
  'evaluations_answered',
];

/**
 * The dashboard's metrics (docs/api-metrics.md): a few grouped counts over a range of at most a
 * year, each one query on indexed columns; nothing cached.
 */
export class MetricsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async metrics(query: MetricsQuery): Promise<Metrics> {
    const { db, clock } = this.deps;
    const timeZone = serverTimeZone();
    const end = query.end_date ?? dayIn(clock.now(), timeZone);
    const start = query.start_date ?? addDays(end, -(METRICS_DEFAULT_RANGE_DAYS - 1));
    const error = metricsRangeError(start, end);
    if (error) throw new AppError(error as ErrorCode);
    const { interval } = query;
    const days = localDays(start, end, timeZone);

    const [stamped, hours, active, activeTotal, users, lessons, projectsTotal] = await Promise.all([
      Promise.all(STAMPED_METRICS.map((metric) => repo.countPerDay(db, metric, days))),
      repo.hoursPerDay(db, start, end),
      repo.activeUsersPerPeriod(db, start, end, interval),
      repo.activeUsersIn(db, start, end),
      repo.usersByType(db),
      repo.lessonsByStatus(db),
      repo.projectsTotal(db),
    ]);
    const perDay: Record<Exclude<keyof MetricsNumbers, 'active_users'>, DayCounts> = {
      projects_created: stamped[0]!,
      tasks_created: stamped[1]!,
      tasks_completed: stamped[2]!,
      evaluations_answered: stamped[3]!,
      hours_logged: hours,
    };

    const periodOf = (day: string) => (interval === 'week' ? mondayOf(day) : day);
    const series = bucketsBetween(start, end, interval).map((period) => ({
      period,
      ...zero(),
      active_users: active.get(period) ?? 0,
    }));
    const byPeriod = new Map(series.map((entry) => [entry.period, entry]));
    for (const [metric, counts] of Object.entries(perDay) as [keyof typeof perDay, DayCounts][]) {
      for (const [day, count] of counts) {
        const entry = byPeriod.get(periodOf(day));
        if (entry) entry[metric] += count;
      }
    }
    const totals = { ...zero(), active_users: activeTotal };
    for (const entry of series) {
      entry.hours_logged = round2(entry.hours_logged);
      for (const key of METRICS_SERIES_KEYS) if (key !== 'active_users') totals[key] += entry[key];
    }
    totals.hours_logged = round2(totals.hours_logged);

    return {
      start_date: start,
      end_date: end,
      interval,
      time_zone: timeZone,
      series,
      totals,
      users_by_type: countsOf(ACCOUNT_TYPES, users),
      projects_total: projectsTotal,
      lessons_by_status: countsOf(LESSON_STATUSES, lessons),
    };
  }
}

function zero(): MetricsNumbers {
  return {
    active_users: 0,
    projects_created: 0,
    tasks_created: 0,
    tasks_completed: 0,
    hours_logged: 0,
    evaluations_answered: 0,
  };
}

function countsOf<K extends string>(keys: readonly K[], counts: Map<K, number>): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, counts.get(key) ?? 0])) as Record<K, number>;
}

/**
 * Records "this user made a signed-in call today" at most once per user and day per process: an
 * in-memory set of today's users answers every later call without touching the database; the
 * insert itself ignores a row another process already wrote. A failed write is logged and retried
 * on the user's next call; it never fails the request.
 */
export class ActivityRecorder {
  private day = '';
  private seen = new Set<number>();

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {}

  async record(userId: number): Promise<void> {
    const day = dayIn(this.deps.clock.now(), serverTimeZone());
    if (day !== this.day) {
      this.day = day;
      this.seen = new Set();
    }
    if (this.seen.has(userId)) return;
    this.seen.add(userId);
    try {
      await repo.recordActivity(this.deps.db, userId, day);
    } catch (error) {
      this.seen.delete(userId);
      this.deps.log.warn({ err: error, userId }, 'could not record user activity');
    }
  }
}
