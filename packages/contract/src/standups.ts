import { z } from 'zod';
import { ID_MAX } from './ids.js';
import { DateSchema } from './milestones.js';
import { rangeDays } from './reports.js';

/**
 * Stand-up reports (docs/api-standups.md; PRODUCT.md "Stand-up reports"): once a day each owner or
 * member of a project says what they did, what they will do and what blocks them, with their hours and
 * how stressed and how well they feel (1..5). The day is the project's day (its report time zone).
 */
export const STANDUP_TEXT_MAX_LENGTH = 2000;
export const STANDUP_HOURS_MAX = 24;
export const STANDUP_SCALE_MIN = 1;
export const STANDUP_SCALE_MAX = 5;
/**
 * A team stress/feeling average is shown to someone who may not see every author's moods only when
 * at least this many of its authors are hidden from them (docs/api-standups.md, "Moods").
 */
export const STANDUP_MOOD_AVERAGE_MIN_HIDDEN = 3;
/** A list or analysis without dates covers the last 7 days: today − 6 through today. */
export const STANDUPS_DEFAULT_RANGE_DAYS = 7;
/** The longest range a list or analysis covers, in days. */
export const STANDUPS_MAX_RANGE_DAYS = 366;

/** The first error of a stand-up range, or null. */
export function standupsRangeError(start: string, end: string): string | null {
  const days = rangeDays(start, end);
  if (!(days >= 1)) return 'RANGE_NOT_VALID';
  return days > STANDUPS_MAX_RANGE_DAYS ? 'RANGE_TOO_LONG_ONE_YEAR' : null;
}

const standupText = (min: number) =>
  z.string('TEXT_REQUIRED').trim().min(min, 'TEXT_REQUIRED').max(STANDUP_TEXT_MAX_LENGTH, 'TEXT_TOO_LONG');

/** 0..24 hours, at most 2 decimals (2.5, 0.25; not 0.125); its own code: 0 is fine here, unlike a logged hour. */
export const StandupHoursSchema = z
  .number('STANDUP_HOURS_NOT_VALID')
  .finite('STANDUP_HOURS_NOT_VALID')
  .min(0, 'STANDUP_HOURS_NOT_VALID')
  .max(STANDUP_HOURS_MAX, 'STANDUP_HOURS_NOT_VALID')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'STANDUP_HOURS_NOT_VALID');

/** How stressed / how well one feels: 1 (least) .. 5 (most). */
export const StandupScaleSchema = z
  .number('STANDUP_SCALE_NOT_VALID')
  .int('STANDUP_SCALE_NOT_VALID')
  .min(STANDUP_SCALE_MIN, 'STANDUP_SCALE_NOT_VALID')
  .max(STANDUP_SCALE_MAX, 'STANDUP_SCALE_NOT_VALID');

/** POST /api/projects/:id/standups (today's, the caller's own) and PUT /api/standups/:id (whole). */
export const StandupInputSchema = z
  .object({
    did: standupText(1),
    will_do: standupText(1),
    blockers: standupText(0).default(''),
    is_blocked: z.boolean('FIELD_NOT_VALID').default(false),
    hours: StandupHoursSchema,
    stress: StandupScaleSchema,
    feeling: StandupScaleSchema,
  })
  .strict();
/** What a client sends (blockers and is_blocked may be left out). */
export type StandupInputBody = z.input<typeof StandupInputSchema>;
export type StandupInput = z.infer<typeof StandupInputSchema>;

export const StandupSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  /** YYYY-MM-DD, the project's day it was submitted on. */
  day: z.string(),
  did: z.string(),
  will_do: z.string(),
  blockers: z.string(),
  is_blocked: z.boolean(),
  hours: z.number(),
  /**
   * Personal (PRODUCT.md, "Stand-up reports"): null unless the caller wrote it, owns the project or
   * is teaching staff (teacher or admin account).
   */
  stress: z.number().int().nullable(),
  /** Personal, as `stress`: null when withheld from the caller. */
  feeling: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller wrote it and its day is still today (project's day). */
  is_editable: z.boolean(),
});
export type Standup = z.infer<typeof StandupSchema>;
export const StandupResponseSchema = z.object({ data: StandupSchema });

/** GET /api/projects/:id/standups?start_date=&end_date=&user_id= (no dates: the last 7 days). */
export const StandupsQuerySchema = z.object({
  start_date: DateSchema.optional(),
  end_date: DateSchema.optional(),
  user_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
});
export type StandupsQuery = z.infer<typeof StandupsQuerySchema>;

export const StandupMemberSchema = z.object({ user_id: z.number().int(), name: z.string() });
export type StandupMember = z.infer<typeof StandupMemberSchema>;

export const StandupListSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Today in the project's time zone. */
  today: z.string(),
  /** Newest day first, then by name. */
  standups: z.array(StandupSchema),
  /** Current members who may submit (owners and members), by name. */
  members: z.array(StandupMemberSchema),
  /** User ids of `members` without a stand-up today. */
  missing_today: z.array(z.number().int()),
});
export type StandupList = z.infer<typeof StandupListSchema>;
export const StandupListResponseSchema = z.object({ data: StandupListSchema });

/** GET /api/projects/:id/standups/analysis?start_date=&end_date= (no dates: the last 7 days). */
export const StandupAnalysisQuerySchema = z.object({
  start_date: DateSchema.optional(),
  end_date: DateSchema.optional(),
});
export type StandupAnalysisQuery = z.infer<typeof StandupAnalysisQuerySchema>;

export const STANDUP_SIGNAL_KINDS = ['blocker', 'stress', 'negative', 'positive'] as const;
export type StandupSignalKind = (typeof STANDUP_SIGNAL_KINDS)[number];

/**
 * Words of one stand-up that match the curated word list of a kind (not negated). A hint for a
 * conversation, never a verdict about a person.
 */
export const StandupSignalSchema = z.object({
  day: z.string(),
  standup_id: z.number().int(),
  kind: z.enum(STANDUP_SIGNAL_KINDS),
  /** The words or phrases, as written, that raised it. */
  words: z.array(z.string()),
});
export type StandupSignal = z.infer<typeof StandupSignalSchema>;

export const StandupDayStatsSchema = z.object({
  day: z.string(),
  /** Stand-ups submitted that day. */
  submitted: z.number().int(),
  hours_avg: z.number().nullable(),
  /**
   * Null on a day without stand-ups, and when withheld from the caller: a caller who may not see
   * some authors' moods sees the day's average only when at least STANDUP_MOOD_AVERAGE_MIN_HIDDEN of
   * its authors are hidden from them (fewer could be worked out from the average and their own).
   */
  stress_avg: z.number().nullable(),
  /** As `stress_avg`. */
  feeling_avg: z.number().nullable(),
  /** Stand-ups marked blocked that day. */
  blocked: z.number().int(),
});
export type StandupDayStats = z.infer<typeof StandupDayStatsSchema>;

export const StandupMemberAnalysisSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  submitted: z.number().int(),
  /** Weekdays of the range up to today, from the day they joined, without their stand-up. */
  missing: z.number().int(),
  hours_total: z.number(),
  hours_avg: z.number().nullable(),
  stress_avg: z.number().nullable(),
  feeling_avg: z.number().nullable(),
  /** Least-squares slope of stress per week; null with fewer than 2 stand-ups on different days. */
  stress_trend: z.number().nullable(),
  days_blocked: z.number().int(),
  /** Their latest stand-up in the range is blocked. */
  open_blocker: z.boolean(),
  signals: z.array(StandupSignalSchema),
});
export type StandupMemberAnalysis = z.infer<typeof StandupMemberAnalysisSchema>;

export const StandupAnalysisSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Every day of the range, oldest first. */
  days: z.array(z.string()),
  team: z.object({
    /** One entry per day of `days`. */
    per_day: z.array(StandupDayStatsSchema),
    submitted: z.number().int(),
    /** Sum of the members' missing days. */
    missing: z.number().int(),
    blocking: z.object({
      /** Share of the range's stand-ups marked blocked, 0..1 (0 with none). */
      frequency: z.number(),
      /** Members whose latest stand-up in the range is blocked. */
      open_blockers: z.number().int(),
      /** Days of the range with at least one blocked stand-up. */
      days_blocked: z.number().int(),
    }),
    /** Some day with stand-ups has its stress and feeling averages withheld from the caller. */
    mood_averages_withheld: z.boolean(),
  }),
  /**
   * The rows of the current members who may submit whose moods the caller may see: owners and
   * teaching staff (teacher and admin accounts) every one; a member only their own; a viewer none.
   */
  members: z.array(StandupMemberAnalysisSchema),
});
export type StandupAnalysis = z.infer<typeof StandupAnalysisSchema>;
export const StandupAnalysisResponseSchema = z.object({ data: StandupAnalysisSchema });
