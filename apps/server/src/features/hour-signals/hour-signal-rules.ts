import {
  HOUR_SIGNALS_BULK_GAP_MINUTES,
  HOUR_SIGNALS_BULK_MIN_DAYS,
  HOUR_SIGNALS_BULK_MIN_ENTRIES,
  HOUR_SIGNALS_BULK_MIN_HOURS,
  HOUR_SIGNALS_FAR_PAST_DAYS,
  HOUR_SIGNALS_QUIET_MIN_HOURS,
  type HourSignal,
  type HourSignalEntry,
} from '@teamboard/contract';
import { round2 } from '../../lib/numbers.js';

/**
 * The three rules of docs/api-hour-signals.md over one member's entries (already in the order they
 * were typed in, each with its `days_late`). Pure: the thresholds are the contract's constants.
 */

const MINUTE_MS = 60_000;

function totalHours(entries: HourSignalEntry[]): number {
  return round2(entries.reduce((sum, entry) => sum + entry.hours, 0));
}

/**
 * Batches of entries each created within HOUR_SIGNALS_BULK_GAP_MINUTES of the previous one; a batch
 * large enough (entries or hours) for dates over enough different days is a week typed in at once.
 */
export function bulkAfterTheFact(entries: HourSignalEntry[]): HourSignal[] {
  const batches: HourSignalEntry[][] = [];
  for (const entry of entries) {
    const batch = batches.at(-1);
    const previous = batch?.at(-1);
    const gap = previous ? Date.parse(entry.created_at) - Date.parse(previous.created_at) : Infinity;
    if (batch && gap <= HOUR_SIGNALS_BULK_GAP_MINUTES * MINUTE_MS) batch.push(entry);
    else batches.push([entry]);
  }
  return batches.flatMap((batch): HourSignal[] => {
    const days = new Set(batch.map((entry) => entry.date)).size;
    const hours = totalHours(batch);
    const large = batch.length >= HOUR_SIGNALS_BULK_MIN_ENTRIES || hours >= HOUR_SIGNALS_BULK_MIN_HOURS;
    if (!large || days < HOUR_SIGNALS_BULK_MIN_DAYS) return [];
    const first = batch[0]!.created_at;
    const last = batch.at(-1)!.created_at;
    return [
      {
        kind: 'bulk_after_the_fact',
        created_from: first,
        created_to: last,
        minutes: Math.round((Date.parse(last) - Date.parse(first)) / MINUTE_MS),
        day_count: days,
        total_hours: hours,
        entries: batch,
      },
    ];
  });
}

/** Entries typed in more than HOUR_SIGNALS_FAR_PAST_DAYS after the day worked, as one question. */
export function farInThePast(entries: HourSignalEntry[]): HourSignal[] {
  const late = entries.filter((entry) => entry.days_late > HOUR_SIGNALS_FAR_PAST_DAYS);
  if (late.length === 0) return [];
  return [
    {
      kind: 'far_in_the_past',
      max_days_late: Math.max(...late.map((entry) => entry.days_late)),
      total_hours: totalHours(late),
      entries: late,
    },
  ];
}

/**
 * Per date worked with no other activity of the member (`activeDays`), the entries of at least
 * HOUR_SIGNALS_QUIET_MIN_HOURS on it, as one question per date (in date order).
 */
export function quietDays(entries: HourSignalEntry[], activeDays: ReadonlySet<string>): HourSignal[] {
  const byDate = new Map<string, HourSignalEntry[]>();
  for (const entry of entries) {
    if (entry.hours < HOUR_SIGNALS_QUIET_MIN_HOURS || activeDays.has(entry.date)) continue;
    byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry]);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, dayEntries]) => ({
      kind: 'quiet_day',
      date,
      total_hours: totalHours(dayEntries),
      entries: dayEntries,
    }));
}

/** Every question about one member's entries: batches, then late entries, then quiet days. */
export function memberSignals(entries: HourSignalEntry[], activeDays: ReadonlySet<string>): HourSignal[] {
  return [...bulkAfterTheFact(entries), ...farInThePast(entries), ...quietDays(entries, activeDays)];
}
