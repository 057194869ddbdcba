import { z } from 'zod';
import { DateSchema } from './milestones.js';
import { ProjectRoleSchema } from './permissions.js';

/**
 * Contribution fairness of one team (docs/api-fairness.md): facts per member, their shares, an
 * imbalance index and flags with their evidence. Never a grade of a person.
 */

/** The default period: the last 28 days up to today (the project's time zone). */
export const FAIRNESS_DEFAULT_DAYS = 28;
/** `no_output` looks at the last 14 days of the period. */
export const FAIRNESS_OUTPUT_WINDOW_DAYS = 14;
/** `silent`: no activity of any kind for this many days (or more) up to the period's end. */
export const FAIRNESS_SILENT_DAYS = 7;
/** `carries_half`: more than this share of the closed tasks… */
export const FAIRNESS_CARRIES_SHARE = 0.5;
/** …when the team closed at least this many in the period. */
export const FAIRNESS_CARRIES_MIN_TASKS = 4;

/** GET /api/projects/:id/fairness?from=&to= (both optional). */
export const FairnessQuerySchema = z.object({ from: DateSchema.optional(), to: DateSchema.optional() });
export type FairnessQuery = z.infer<typeof FairnessQuerySchema>;

export const FairnessMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: ProjectRoleSchema,
  hours: z.number(),
  /** Member value / team total, 0–1; null when the team total is 0 (or not available). */
  hours_share: z.number().nullable(),
  /** Closed tasks credited to the member: 1 / number of assignees per task. */
  tasks_closed: z.number(),
  tasks_closed_share: z.number().nullable(),
  /** null: the project has no linked repository (not available, not zero). */
  commits: z.number().int().nullable(),
  commits_share: z.number().nullable(),
  /** null: no repository of the project records reviews (none linked, or plain git only). */
  reviews: z.number().int().nullable(),
  reviews_share: z.number().nullable(),
  standups: z.number().int(),
  comments: z.number().int(),
  /** The last day (project time zone) with any activity, up to the period's end; null: none ever. */
  last_activity: z.string().nullable(),
  /**
   * Average peer rating (1–5) received in sent team evaluations open during the period; null when
   * hidden, withheld or none. Teaching staff: every rating. A student: only evaluations that expired
   * and in which at least EVALUATION_MIN_RATERS_SHOWN people rated the member (the one rule of
   * features/evaluations/rating-visibility.ts).
   */
  peer_score: z.number().nullable(),
  /** How many ratings the average is of (0 when hidden or withheld). */
  peer_ratings: z.number().int(),
  /** True when the caller may not see this member's peer score (a student looking at a teammate). */
  peer_score_hidden: z.boolean(),
  /**
   * True for a student whenever no peer score can be shown to them yet (whether or not ratings
   * exist, so that it says nothing about them): results appear after the deadline, with 2 raters.
   */
  peer_score_withheld: z.boolean(),
});
export type FairnessMember = z.infer<typeof FairnessMemberSchema>;

export const FairnessTotalsSchema = z.object({
  hours: z.number(),
  tasks_closed: z.number(),
  /** Closed tasks in the period with no current member among their assignees (credited to nobody). */
  tasks_closed_uncredited: z.number().int(),
  commits: z.number().int().nullable(),
  reviews: z.number().int().nullable(),
  standups: z.number().int(),
  comments: z.number().int(),
});

/** Gini coefficients, 0 (all equal) to (n − 1) / n (one member did everything); null: nothing to compare. */
export const FairnessImbalanceSchema = z.object({
  closed_work: z.number().nullable(),
  hours: z.number().nullable(),
});

export const NoOutputFlagSchema = z.object({
  kind: z.literal('no_output'),
  user_id: z.number().int(),
  window_from: z.string(),
  window_to: z.string(),
  hours: z.number(),
  /** The days in the window the member reported hours on. */
  hour_days: z.array(z.string()),
  tasks_closed: z.number(),
  commits: z.number().int(),
});
export const CarriesHalfFlagSchema = z.object({
  kind: z.literal('carries_half'),
  user_id: z.number().int(),
  tasks_closed: z.number(),
  team_tasks_closed: z.number(),
  share: z.number(),
});
export const SilentFlagSchema = z.object({
  kind: z.literal('silent'),
  user_id: z.number().int(),
  last_activity: z.string().nullable(),
  /** Days from the last activity to the period's end; null when there was none at all. */
  days_silent: z.number().int().nullable(),
});
export const FairnessFlagSchema = z.discriminatedUnion('kind', [
  NoOutputFlagSchema,
  CarriesHalfFlagSchema,
  SilentFlagSchema,
]);
export type FairnessFlag = z.infer<typeof FairnessFlagSchema>;
export type FairnessFlagKind = FairnessFlag['kind'];

export const FairnessSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  members: z.array(FairnessMemberSchema),
  totals: FairnessTotalsSchema,
  imbalance: FairnessImbalanceSchema,
  flags: z.array(FairnessFlagSchema),
});
export type Fairness = z.infer<typeof FairnessSchema>;
export const FairnessResponseSchema = z.object({ data: FairnessSchema });
