import { z } from 'zod';
import { DateSchema } from './milestones.js';
import { can, canSeeDashboard, type AccountType, type ProjectRole } from './permissions.js';

/**
 * Hour-log integrity signals (docs/api-hour-signals.md): patterns in how hours were logged that staff
 * may want to ask a member about. Each is a question with the entries behind it, never a verdict.
 */

/** The default period: the last 28 days up to today (the project's time zone), by date worked. */
export const HOUR_SIGNALS_DEFAULT_DAYS = 28;
/** `bulk_after_the_fact`: entries each created within this many minutes of the previous one form a batch… */
export const HOUR_SIGNALS_BULK_GAP_MINUTES = 60;
/** …a batch is a signal with at least this many entries… */
export const HOUR_SIGNALS_BULK_MIN_ENTRIES = 5;
/** …or at least this many hours in total… */
export const HOUR_SIGNALS_BULK_MIN_HOURS = 10;
/** …when its dates worked spread over at least this many different days. */
export const HOUR_SIGNALS_BULK_MIN_DAYS = 3;
/** `far_in_the_past`: an entry created more than this many days after the day worked. */
export const HOUR_SIGNALS_FAR_PAST_DAYS = 14;
/** `quiet_day`: only entries of at least this many hours are asked about. */
export const HOUR_SIGNALS_QUIET_MIN_HOURS = 2;

/**
 * Who reads the hour-log questions: owners (`hours.review`), and a teacher or admin who is not a member
 * (role null: only possible on a public project, the course overview). The server enforces it; the web
 * app only hides the entry.
 */
export function canSeeHourSignals(
  role: ProjectRole | null | undefined,
  accountType: AccountType | undefined,
): boolean {
  return (
    can(role, 'hours.review') || (role === null && accountType !== undefined && canSeeDashboard(accountType))
  );
}

export const HOUR_SIGNAL_KINDS = ['bulk_after_the_fact', 'far_in_the_past', 'quiet_day'] as const;
export const HourSignalKindSchema = z.enum(HOUR_SIGNAL_KINDS);
export type HourSignalKind = z.infer<typeof HourSignalKindSchema>;

/** GET /api/projects/:id/hour_signals?from=&to= (both optional). */
export const HourSignalsQuerySchema = z.object({ from: DateSchema.optional(), to: DateSchema.optional() });
export type HourSignalsQuery = z.infer<typeof HourSignalsQuerySchema>;

/** One hour entry behind a signal. */
export const HourSignalEntrySchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  task_title: z.string(),
  /** The day worked, as the member reported it. */
  date: DateSchema,
  hours: z.number(),
  /** When the entry was typed in (UTC ISO). */
  created_at: z.string(),
  /** Days between the day worked and the day it was typed in (project time zone); 0 = same day. */
  days_late: z.number().int(),
});
export type HourSignalEntry = z.infer<typeof HourSignalEntrySchema>;

export const BulkAfterTheFactSignalSchema = z.object({
  kind: z.literal('bulk_after_the_fact'),
  /** The first and last created_at of the batch. */
  created_from: z.string(),
  created_to: z.string(),
  /** Whole minutes between the first and the last entry of the batch. */
  minutes: z.number().int(),
  /** Different dates worked among the entries. */
  day_count: z.number().int(),
  total_hours: z.number(),
  entries: z.array(HourSignalEntrySchema),
});

export const FarInThePastSignalSchema = z.object({
  kind: z.literal('far_in_the_past'),
  /** The largest days_late among the entries. */
  max_days_late: z.number().int(),
  total_hours: z.number(),
  entries: z.array(HourSignalEntrySchema),
});

export const QuietDaySignalSchema = z.object({
  kind: z.literal('quiet_day'),
  /** The day worked with no commit, task change or comment of the member in the project. */
  date: DateSchema,
  total_hours: z.number(),
  entries: z.array(HourSignalEntrySchema),
});

export const HourSignalSchema = z.discriminatedUnion('kind', [
  BulkAfterTheFactSignalSchema,
  FarInThePastSignalSchema,
  QuietDaySignalSchema,
]);
export type HourSignal = z.infer<typeof HourSignalSchema>;

export const HourSignalsMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** false: someone who left the project but logged hours in the period. */
  is_member: z.boolean(),
  /** Entries logged for dates of the period. */
  entry_count: z.number().int(),
  signals: z.array(HourSignalSchema),
});
export type HourSignalsMember = z.infer<typeof HourSignalsMemberSchema>;

export const HourSignalsSchema = z.object({
  from: DateSchema,
  to: DateSchema,
  time_zone: z.string(),
  /** Every member of the project and anyone else who logged hours in the period, by name. */
  members: z.array(HourSignalsMemberSchema),
});
export type HourSignals = z.infer<typeof HourSignalsSchema>;
export const HourSignalsResponseSchema = z.object({ data: HourSignalsSchema });
