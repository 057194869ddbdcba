import { z } from 'zod';
import { ID_MAX } from './ids.js';

/**
 * Milestone reports (docs/api-reports.md): burnup and burndown of one milestone (the same numbers,
 * drawn two ways) and the velocity of every sprint.
 */

/** GET /api/projects/:id/reports/burnup?milestone_id= and …/burndown?milestone_id= */
export const BurnReportQuerySchema = z.object({
  milestone_id: z.coerce.number().int().positive().max(ID_MAX),
});
export type BurnReportQuery = z.infer<typeof BurnReportQuerySchema>;

/** A day's numbers in one unit (tasks, or their expected hours). */
const BurnNumbersSchema = z.object({
  /** At the end of the day: the milestone's tasks by then. null: a day after today. */
  scope: z.number().nullable(),
  /** Of those, the ones completed at the end of the day. */
  completed: z.number().nullable(),
  /** `scope − completed`. */
  remaining: z.number().nullable(),
  /** The burnup's ideal: from 0 on the first day to the latest scope on the deadline. */
  ideal_completed: z.number(),
  /** The burndown's ideal: from the first day's scope to 0 on the deadline. */
  ideal_remaining: z.number(),
});
export type BurnNumbers = z.infer<typeof BurnNumbersSchema>;

export const BurnReportSchema = z.object({
  milestone: z.object({
    milestone_id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    deadline: z.string(),
    sprint: z.boolean(),
  }),
  /** Today in the project's time zone: later days carry no actual numbers. */
  today: z.string(),
  /** The days shown: the milestone's start to its deadline, or later while work went on past it. */
  start_date: z.string(),
  end_date: z.string(),
  days: z.array(z.object({ day: z.string(), tasks: BurnNumbersSchema, hours: BurnNumbersSchema })),
  /** The days after the first whose scope changed, and by how much (tasks and expected hours). */
  scope_changes: z.array(z.object({ day: z.string(), tasks: z.number().int(), hours: z.number() })),
});
export type BurnReport = z.infer<typeof BurnReportSchema>;
export const BurnReportResponseSchema = z.object({ data: BurnReportSchema });

const SprintNumbersSchema = z.object({ tasks: z.number().int(), hours: z.number() });

/** GET /api/projects/:id/reports/velocity */
export const VelocityReportSchema = z.object({
  today: z.string(),
  /** Every milestone marked as a sprint, by start date. */
  sprints: z.array(
    z.object({
      milestone_id: z.number().int(),
      name: z.string(),
      start_date: z.string(),
      deadline: z.string(),
      /** The deadline is before today. */
      finished: z.boolean(),
      /** Its tasks completed now whose last completion fell within its dates (project time zone). */
      completed: SprintNumbersSchema,
      /** Every task in it now, and their expected hours. */
      planned: SprintNumbersSchema,
    }),
  ),
  /** The mean of `completed` over the finished sprints; null: none finished yet. */
  average: z.object({ tasks: z.number(), hours: z.number(), sprints: z.number().int() }).nullable(),
});
export type VelocityReport = z.infer<typeof VelocityReportSchema>;
export const VelocityReportResponseSchema = z.object({ data: VelocityReportSchema });
