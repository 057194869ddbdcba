import { z } from 'zod';
import { LESSON_STATUSES } from './lessons.js';
import { DateSchema } from './milestones.js';
import { ACCOUNT_TYPES } from './permissions.js';
import { rangeDays, rangeError } from './reports.js';

/**
 * Dashboard metrics (docs/api-metrics.md): teachers and admins. Days are calendar days in the
 * server's time zone; weeks start on Monday and are named by their Monday.
 */
export const METRICS_INTERVALS = ['day', 'week'] as const;
export const MetricsIntervalSchema = z.enum(METRICS_INTERVALS, 'REPORT_FILTER_NOT_VALID');
export type MetricsInterval = z.infer<typeof MetricsIntervalSchema>;

/** A range covers at most a year (a leap year's 366 days). */
export const METRICS_MAX_RANGE_DAYS = 366;
/** The web page opens on the last 30 days (today − 29 through today). */
export const METRICS_DEFAULT_RANGE_DAYS = 30;

/** The first error of a metrics range, or null. */
export function metricsRangeError(start: string, end: string): string | null {
  return (
    rangeError(start, end) ??
    (rangeDays(start, end) > METRICS_MAX_RANGE_DAYS ? 'RANGE_TOO_LONG_ONE_YEAR' : null)
  );
}

/**
 * GET /api/dashboard/metrics?start_date=&end_date=&interval=day|week. Without an end, today; without
 * a start, the METRICS_DEFAULT_RANGE_DAYS days up to the end.
 */
export const MetricsQuerySchema = z.object({
  start_date: DateSchema.optional(),
  end_date: DateSchema.optional(),
  interval: MetricsIntervalSchema.default('day'),
});
export type MetricsQuery = z.infer<typeof MetricsQuerySchema>;

/** The numbers of one period (or of the whole range, in `totals`). */
export const MetricsNumbersSchema = z.object({
  /** Distinct users who made at least one signed-in call in the period. */
  active_users: z.number().int(),
  projects_created: z.number().int(),
  tasks_created: z.number().int(),
  /** Tasks whose (latest) completion falls in the period and that are still completed. */
  tasks_completed: z.number().int(),
  /** Hours logged on days of the period (by the hours' date). */
  hours_logged: z.number(),
  /** Evaluation responses submitted in the period. */
  evaluations_answered: z.number().int(),
});
export type MetricsNumbers = z.infer<typeof MetricsNumbersSchema>;
export const METRICS_SERIES_KEYS = [
  'active_users',
  'projects_created',
  'tasks_created',
  'tasks_completed',
  'hours_logged',
  'evaluations_answered',
] as const satisfies readonly (keyof MetricsNumbers)[];

export const MetricsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  interval: MetricsIntervalSchema,
  /** The IANA zone the days are counted in (the server's). */
  time_zone: z.string(),
  /** Every period of the range in order, empty ones included (`period`: the day, or the week's Monday). */
  series: z.array(MetricsNumbersSchema.extend({ period: z.string() })),
  /** The whole range (active_users: distinct over the range, not the sum of the periods). */
  totals: MetricsNumbersSchema,
  /** Accounts now, by type (blocked ones included). */
  users_by_type: z.record(z.enum(ACCOUNT_TYPES), z.number().int()),
  /** Projects that exist now. */
  projects_total: z.number().int(),
  /** Lessons now, by status. */
  lessons_by_status: z.record(z.enum(LESSON_STATUSES), z.number().int()),
});
export type Metrics = z.infer<typeof MetricsSchema>;
export const MetricsResponseSchema = z.object({ data: MetricsSchema });
