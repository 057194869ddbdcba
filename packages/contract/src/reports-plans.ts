import { z } from 'zod';
import { ID_MAX } from './ids.js';
import { rangeDays, rangeError, ReportMemberSchema, ReportRangeQuerySchema } from './reports.js';

/**
 * Plan reports (docs/api-reports.md): the timeline (gantt) of tasks and milestones over a range,
 * and two reports of one milestone — average task completion and estimated hours variation.
 */
const MilestoneIdSchema = z.coerce.number().int().positive().max(ID_MAX);

/** The gantt draws a column per day: at most a year of them. */
export const TIMELINE_MAX_RANGE_DAYS = 366;
/** The timeline lists at most this many tasks (the first by start), and says how many there are. */
export const TIMELINE_MAX_TASKS = 500;

/** The first error of a timeline range, or null (the rules of every report, capped at a year). */
export function timelineRangeError(start: string, end: string): string | null {
  return (
    rangeError(start, end) ??
    (rangeDays(start, end) > TIMELINE_MAX_RANGE_DAYS ? 'RANGE_TOO_LONG_ONE_YEAR' : null)
  );
}

/** GET /api/projects/:id/reports/timeline?start_date=&end_date= */
export const TimelineReportQuerySchema = ReportRangeQuerySchema;
export type TimelineReportQuery = z.infer<typeof TimelineReportQuerySchema>;

export const TimelineTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  milestone_id: z.number().int().nullable(),
  /** First day of its bar: its starting date, else the day it was created (project time zone); never after `end`. */
  start: z.string(),
  /** Last day of its bar: its deadline, else its starting date. */
  end: z.string(),
  deadline: z.string().nullable(),
  completed: z.boolean(),
  /** Held up by a roadblock. */
  is_blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
  /** Not completed and its deadline is before today. */
  overdue: z.boolean(),
  /** The user ids of its assignees (named in `members`). */
  assignees: z.array(z.number().int()),
});
export type TimelineTask = z.infer<typeof TimelineTaskSchema>;

export const TimelineMilestoneSchema = z.object({
  milestone_id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  deadline: z.string(),
  sprint: z.boolean(),
});
export type TimelineMilestone = z.infer<typeof TimelineMilestoneSchema>;

export const TimelineReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Today in the project's time zone: where the today line is, and what "overdue" is measured against. */
  today: z.string(),
  /**
   * One group per milestone that overlaps the range or holds a listed task (by start date), then
   * the tasks of no milestone (`milestone` null) when there are any. Tasks within a group by start.
   */
  groups: z.array(
    z.object({ milestone: TimelineMilestoneSchema.nullable(), tasks: z.array(TimelineTaskSchema) }),
  ),
  /** Every task that overlaps the range; more than the listed ones when over TIMELINE_MAX_TASKS. */
  total_tasks: z.number().int(),
  /** The assignees named by the listed tasks (former members marked). */
  members: z.array(ReportMemberSchema),
});
export type TimelineReport = z.infer<typeof TimelineReportSchema>;
export const TimelineReportResponseSchema = z.object({ data: TimelineReportSchema });

/** GET /api/projects/:id/reports/average_task_completion?milestone_id= and …/estimated_hours_variation?milestone_id= */
export const MilestoneReportQuerySchema = z.object({ milestone_id: MilestoneIdSchema });
export type MilestoneReportQuery = z.infer<typeof MilestoneReportQuerySchema>;

const CompletionNumbersSchema = z.object({
  tasks: z.number().int(),
  completed: z.number().int(),
  /** completed / tasks, from 0 to 1 (null: no tasks). */
  completion: z.number().nullable(),
  /** Mean days from creation to the last completion, of the completed tasks (null: none completed). */
  average_days_to_complete: z.number().nullable(),
  /** Mean share of checklist items done (0 to 1), over the tasks that have a checklist (null: none has). */
  average_checklist_progress: z.number().nullable(),
  /** How many tasks have a checklist. */
  tasks_with_checklist: z.number().int(),
});

export const AverageCompletionReportSchema = z.object({
  milestone: TimelineMilestoneSchema,
  /** Each task of the milestone once (archived ones included: their work was done). */
  totals: CompletionNumbersSchema,
  /**
   * Per assignee (a task with two assignees counts for each), by name; `user_id` null last: the
   * tasks nobody is assigned to.
   */
  rows: z.array(ReportMemberSchema.extend(CompletionNumbersSchema.shape)),
});
export type AverageCompletionReport = z.infer<typeof AverageCompletionReportSchema>;
export const AverageCompletionReportResponseSchema = z.object({ data: AverageCompletionReportSchema });

export const HoursVariationTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  completed: z.boolean(),
  /** null: the task has no estimate. */
  expected_hours: z.number().nullable(),
  /** Sum of the hours logged on the task (every date, every member). */
  reported_hours: z.number(),
  /** reported − expected (null: no estimate). */
  variation: z.number().nullable(),
  /** variation / expected, as a share (0.5 = 50% over); null when the estimate is missing or 0. */
  variation_share: z.number().nullable(),
});
export type HoursVariationTask = z.infer<typeof HoursVariationTaskSchema>;

const HoursVariationNumbersSchema = z.object({
  expected_hours: z.number(),
  reported_hours: z.number(),
  variation: z.number(),
});

export const HoursVariationReportSchema = z.object({
  milestone: TimelineMilestoneSchema,
  /** Every task of the milestone, by |variation| (largest first; tasks with no estimate last), then id. */
  tasks: z.array(HoursVariationTaskSchema),
  /**
   * Per member: the hours they logged on the milestone's tasks, and the expected hours of the tasks
   * assigned to them — a task's estimate split equally among its assignees, so the rows add up to
   * the total. `user_id` null last: the estimates of tasks nobody is assigned to.
   */
  members: z.array(ReportMemberSchema.extend(HoursVariationNumbersSchema.shape)),
  totals: HoursVariationNumbersSchema,
});
export type HoursVariationReport = z.infer<typeof HoursVariationReportSchema>;
export const HoursVariationReportResponseSchema = z.object({ data: HoursVariationReportSchema });
