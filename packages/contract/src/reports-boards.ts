import { z } from 'zod';
import { ID_MAX } from './ids.js';
import { rangeDays, rangeError, ReportMemberSchema, ReportRangeQuerySchema } from './reports.js';

/** Board reports (docs/api-reports.md): workload per member and task progress (cumulative flow). */
const BoardIdSchema = z.coerce.number().int().positive().max(ID_MAX);

/** GET /api/projects/:id/reports/workload?start_date=&end_date=&board_id= (no board_id: every board). */
export const WorkloadReportQuerySchema = ReportRangeQuerySchema.extend({
  board_id: BoardIdSchema.optional(),
});
export type WorkloadReportQuery = z.infer<typeof WorkloadReportQuerySchema>;

const WorkloadNumbersSchema = z.object({
  /** Tasks neither completed nor archived. */
  open_tasks: z.number().int(),
  /** Of those, the ones whose deadline falls within the range (edges included). */
  due_in_range: z.number().int(),
  /** Of those, the ones whose deadline is before today (in the project's time zone). */
  overdue: z.number().int(),
  /** Expected hours of the open tasks; a task with several assignees is split equally among them. */
  expected_hours: z.number(),
  /** Hours logged in the range (by the hours' date), on the board's tasks when one is chosen. */
  reported_hours: z.number(),
});

export const WorkloadReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Today in the project's time zone: what "overdue" is measured against. */
  today: z.string(),
  /** null: every board of the project. */
  board_id: z.number().int().nullable(),
  /**
   * Every member (with or without work), anyone else with open tasks or hours, then a row with
   * `user_id` null for the open tasks nobody is assigned to (when there are any). A task with two
   * assignees counts once for each.
   */
  rows: z.array(ReportMemberSchema.extend(WorkloadNumbersSchema.shape)),
  /** Each task counted once. */
  totals: WorkloadNumbersSchema,
});
export type WorkloadReport = z.infer<typeof WorkloadReportSchema>;
export const WorkloadReportResponseSchema = z.object({ data: WorkloadReportSchema });

/** The cumulative flow diagram draws one point per day: at most a year of them. */
export const TASK_PROGRESS_MAX_RANGE_DAYS = 366;

/** The first error of a task-progress range, or null (the same rules as every report, capped at a year). */
export function taskProgressRangeError(start: string, end: string): string | null {
  return (
    rangeError(start, end) ??
    (rangeDays(start, end) > TASK_PROGRESS_MAX_RANGE_DAYS ? 'RANGE_TOO_LONG_ONE_YEAR' : null)
  );
}

/** GET /api/projects/:id/reports/task_progress?start_date=&end_date=&board_id= (board_id required). */
export const TaskProgressReportQuerySchema = ReportRangeQuerySchema.extend({ board_id: BoardIdSchema });
export type TaskProgressReportQuery = z.infer<typeof TaskProgressReportQuerySchema>;

export const TaskProgressReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  board_id: z.number().int(),
  /**
   * The board's columns in board order, then `column_id` null ("Other": tasks logged in a column
   * that has since been renamed or deleted) when any day has some.
   */
  columns: z.array(z.object({ column_id: z.number().int().nullable(), name: z.string() })),
  /** Each day of the range: the number of tasks in each column at the end of the day, as `columns`. */
  days: z.array(z.object({ day: z.string(), counts: z.array(z.number().int()) })),
});
export type TaskProgressReport = z.infer<typeof TaskProgressReportSchema>;
export const TaskProgressReportResponseSchema = z.object({ data: TaskProgressReportSchema });
