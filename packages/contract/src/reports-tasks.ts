import { z } from 'zod';
import { ID_MAX } from './ids.js';
import { DateSchema } from './milestones.js';
import { rangeDays, rangeError, ReportMemberSchema, ReportRangeQuerySchema } from './reports.js';

/** Task reports (docs/api-reports.md): task tracking metrics and lead time, read from the task log. */

/** The task-tracking report draws one point per day: at most a year of them. */
export const TASKS_REPORT_MAX_RANGE_DAYS = 366;

/** The first error of a task-tracking range, or null (the rules of every report, capped at a year). */
export function tasksRangeError(start: string, end: string): string | null {
  return (
    rangeError(start, end) ??
    (rangeDays(start, end) > TASKS_REPORT_MAX_RANGE_DAYS ? 'RANGE_TOO_LONG_ONE_YEAR' : null)
  );
}

/** Each metric lists at most this many tasks (the newest first); its `count` is the full number. */
export const TASKS_REPORT_LIST_LIMIT = 200;

export const TASK_METRICS = ['created', 'started', 'completed', 'reopened', 'overdue'] as const;
export type TaskMetric = (typeof TASK_METRICS)[number];

/** GET /api/projects/:id/reports/tasks?start_date=&end_date=&user_id= (no user_id: every task). */
export const TasksReportQuerySchema = ReportRangeQuerySchema.extend({
  user_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
});
export type TasksReportQuery = z.infer<typeof TasksReportQuerySchema>;

export const ReportTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /**
   * The day (in the project's time zone) the task counts on: its creation, first move, last
   * completion or reopening in the range; for overdue tasks, the deadline.
   */
  day: z.string(),
});
export type ReportTask = z.infer<typeof ReportTaskSchema>;

const TaskMetricSchema = z.object({
  count: z.number().int(),
  /** The newest `TASKS_REPORT_LIST_LIMIT` of them, newest first. */
  tasks: z.array(ReportTaskSchema),
});

export const TasksReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Today in the project's time zone: overdue means a deadline before it. */
  today: z.string(),
  /** The member whose assigned tasks are counted; null: every task. */
  user: ReportMemberSchema.nullable(),
  /** Every day of the range: tasks created, and tasks whose last completion in the range falls on it. */
  days: z.array(z.object({ day: z.string(), created: z.number().int(), completed: z.number().int() })),
  metrics: z.object({
    /** Created in the range. */
    created: TaskMetricSchema,
    /** Moved between columns for the first time in the range. */
    started: TaskMetricSchema,
    /** Marked completed in the range (once per task, however often). */
    completed: TaskMetricSchema,
    /** Marked not completed again in the range. */
    reopened: TaskMetricSchema,
    /** Deadline in the range and before today, and not completed, or completed after the deadline. */
    overdue: TaskMetricSchema,
  }),
});
export type TasksReport = z.infer<typeof TasksReportSchema>;
export const TasksReportResponseSchema = z.object({ data: TasksReportSchema });

/** GET /api/projects/:id/reports/lead?start_date=&end_date= (default: the last 12 weeks). */
export const LeadTimeReportQuerySchema = z.object({
  start_date: DateSchema.optional(),
  end_date: DateSchema.optional(),
});
export type LeadTimeReportQuery = z.infer<typeof LeadTimeReportQuerySchema>;

/** The per-task rows list at most this many tasks, the last completed first. */
export const LEAD_TIME_ROW_LIMIT = 500;

/** The histogram's buckets of lead time in days: [0, 1), [1, 2), … [30, ∞). */
export const LEAD_TIME_BUCKETS = [0, 1, 2, 4, 7, 14, 30] as const;

const DaysStatsSchema = z.object({
  /** In days, rounded to 2 decimals; null when no task has one. */
  median: z.number().nullable(),
  mean: z.number().nullable(),
});

export const LeadTimeReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  summary: z.object({
    /** Tasks whose last completion falls in the range (and still completed). */
    count: z.number().int(),
    /** Creation → last completion. */
    lead_days: DaysStatsSchema,
    /** First move → last completion, over the tasks that moved. */
    cycle_days: DaysStatsSchema.extend({ count: z.number().int() }),
  }),
  /** Tasks per lead-time bucket, `to` null for the last (open-ended) one. */
  distribution: z.array(z.object({ from: z.number(), to: z.number().nullable(), count: z.number().int() })),
  /** Each week (its Monday) of the range: tasks completed, and their median lead and cycle time. */
  weeks: z.array(
    z.object({
      week: z.string(),
      count: z.number().int(),
      median_lead_days: z.number().nullable(),
      median_cycle_days: z.number().nullable(),
    }),
  ),
  /** The last completed `LEAD_TIME_ROW_LIMIT` tasks; `summary.count` says how many there are. */
  tasks: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      created_at: z.string(),
      /** First move to another column; null: never moved before its completion. */
      started_at: z.string().nullable(),
      completed_at: z.string(),
      lead_days: z.number(),
      cycle_days: z.number().nullable(),
    }),
  ),
});
export type LeadTimeReport = z.infer<typeof LeadTimeReportSchema>;
export const LeadTimeReportResponseSchema = z.object({ data: LeadTimeReportSchema });
