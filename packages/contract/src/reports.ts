import { z } from 'zod';
import { daysBetween } from './calendar.js';
import { ID_MAX } from './ids.js';
import { DateSchema } from './milestones.js';

/**
 * Reports (docs/api-reports.md): each one API call, computed in the database. Dates are calendar
 * days `YYYY-MM-DD`; weeks start on Monday and are named by their Monday.
 */
export const HOURS_FILTERS = ['day', 'week', 'month', 'year'] as const;
export const HoursFilterSchema = z.enum(HOURS_FILTERS, 'REPORT_FILTER_NOT_VALID');
export type HoursFilter = z.infer<typeof HoursFilterSchema>;

/** SPEC §9: the longest range each hours view covers, in days (2 months = 62, 1 year = 366, 6 years = 2,192). */
export const HOURS_MAX_RANGE_DAYS: Record<HoursFilter, number> = {
  day: 30,
  week: 62,
  month: 366,
  year: 2192,
};
/** The error each view's limit answers with (localized in errors.json). */
export const HOURS_RANGE_ERRORS = {
  day: 'RANGE_TOO_LONG_DAY',
  week: 'RANGE_TOO_LONG_WEEK',
  month: 'RANGE_TOO_LONG_MONTH',
  year: 'RANGE_TOO_LONG_YEAR',
} as const satisfies Record<HoursFilter, string>;
/** Reports without a view of their own (users' hours, commits, pull requests) cover at most 6 years. */
export const REPORT_MAX_RANGE_DAYS = 2192;
/** SPEC §4: a report range defaults to "from 7 days ago to today" (today − 7 through today). */
export const REPORT_DEFAULT_RANGE_DAYS = 7;

/** Days between two `YYYY-MM-DD` dates, both counted (a one-day range is 1). */
export function rangeDays(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

/** The first error of a range for `filter` (hours) or for any other report, or null. */
export function rangeError(start: string, end: string, filter?: HoursFilter): string | null {
  const days = rangeDays(start, end);
  if (!(days >= 1)) return 'RANGE_NOT_VALID';
  if (filter) return days > HOURS_MAX_RANGE_DAYS[filter] ? HOURS_RANGE_ERRORS[filter] : null;
  return days > REPORT_MAX_RANGE_DAYS ? 'RANGE_TOO_LONG' : null;
}

export const ReportRangeQuerySchema = z.object({ start_date: DateSchema, end_date: DateSchema });

export const ReportMemberSchema = z.object({
  /** null: commits or pull requests by an author who is not a member. */
  user_id: z.number().int().nullable(),
  name: z.string(),
  /** Still a member of the project (hours of someone who left stay in the report). */
  is_member: z.boolean(),
});
export type ReportMember = z.infer<typeof ReportMemberSchema>;

/** GET /api/projects/:id/reports/hours?start_date=&end_date=&filter= */
export const HoursReportQuerySchema = ReportRangeQuerySchema.extend({
  filter: HoursFilterSchema.default('day'),
});
export const HoursReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  filter: HoursFilterSchema,
  /** Every bucket of the range in order, empty ones included: `YYYY-MM-DD` (day, and a week's Monday), `YYYY-MM`, `YYYY`. */
  buckets: z.array(z.string()),
  members: z.array(ReportMemberSchema),
  /** Only the non-zero cells. */
  cells: z.array(z.object({ bucket: z.string(), user_id: z.number().int(), hours: z.number() })),
  total: z.number(),
});
export type HoursReport = z.infer<typeof HoursReportSchema>;
export const HoursReportResponseSchema = z.object({ data: HoursReportSchema });

/** GET /api/projects/:id/reports/users_hours?start_date=&end_date= */
export const UsersHoursReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  rows: z.array(ReportMemberSchema.extend({ hours: z.number(), share: z.number() })),
  total: z.number(),
});
export type UsersHoursReport = z.infer<typeof UsersHoursReportSchema>;
export const UsersHoursReportResponseSchema = z.object({ data: UsersHoursReportSchema });

/** GET /api/projects/:id/reports/commits?start_date=&end_date=&user_id=&repository_id= */
export const CommitsReportQuerySchema = ReportRangeQuerySchema.extend({
  user_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
  repository_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
});
export const CommitsReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  days: z.array(z.string()),
  members: z.array(ReportMemberSchema),
  /** Commits per day and author (user_id null: authors who map to no member). */
  cells: z.array(
    z.object({ day: z.string(), user_id: z.number().int().nullable(), commits: z.number().int() }),
  ),
  total: z.number().int(),
  /** Of `total`, the commits linked to at least one task. */
  linked_to_tasks: z.number().int(),
});
export type CommitsReport = z.infer<typeof CommitsReportSchema>;
export const CommitsReportResponseSchema = z.object({ data: CommitsReportSchema });

/** GET /api/projects/:id/reports/pull_requests?start_date=&end_date= (default: the last 12 weeks). */
export const PullRequestsReportQuerySchema = z.object({
  start_date: DateSchema.optional(),
  end_date: DateSchema.optional(),
});
export const PullRequestsReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Monday of each week of the range, with the pull requests opened, merged and closed unmerged in it. */
  weeks: z.array(
    z.object({
      week: z.string(),
      opened: z.number().int(),
      merged: z.number().int(),
      closed: z.number().int(),
    }),
  ),
  /** Hours from opening to merge of the pull requests merged in the range: median and mean (null: none merged). */
  time_to_merge_hours: z.object({
    median: z.number().nullable(),
    mean: z.number().nullable(),
    count: z.number().int(),
  }),
  /** Reviews submitted in the range, per reviewer login (and the member it maps to). */
  reviews: z.array(
    z.object({
      login: z.string(),
      user_id: z.number().int().nullable(),
      name: z.string(),
      reviews: z.number().int(),
    }),
  ),
});
export type PullRequestsReport = z.infer<typeof PullRequestsReportSchema>;
export const PullRequestsReportResponseSchema = z.object({ data: PullRequestsReportSchema });
