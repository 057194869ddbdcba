import { addDays, eachDay } from '@teamboard/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * Calendar days in a project's time zone. Timestamps are stored as UTC ISO text; a report that
 * counts events per day joins them to a small table of each day's bounds (`localDaysSql`), so the
 * database groups them by the project's day — the same query on SQLite and PostgreSQL, using the
 * timestamp's index, with daylight-saving days 23 or 25 hours long.
 */
export interface LocalDay {
  day: string;
  /** The day's first instant, UTC ISO text (`…Z`), as timestamps are stored. */
  from: string;
  /** The next day's first instant. */
  before: string;
}

let knownZone: { tz: string | undefined; zone: string } | undefined;

/**
 * The time zone a project's reports use when it names none: the server's. Remembered per TZ value,
 * because every signed-in request asks (the activity record) and building a DateTimeFormat to
 * read it cost 4 % of a task move's CPU (docs/performance.md, "Writes").
 */
export function serverTimeZone(): string {
  const tz = process.env.TZ;
  if (knownZone && knownZone.tz === tz) return knownZone.zone;
  knownZone = { tz, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return knownZone.zone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a zone, as if it were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  return instant + offsetMs(instant, timeZone);
}

/**
 * Zone offsets change only at transitions, which fall on quarter hours of UTC (every zone's offset
 * is a whole number of quarter hours), so an offset read once holds for its whole quarter hour.
 * Reading one through `Intl` costs ~10 µs; a report asks for thousands (each day's bounds, each
 * event's day), so they are kept per zone and quarter hour.
 */
const QUARTER_HOUR_MS = 900_000;
const OFFSETS_KEPT = 100_000;
const offsetCache = new Map<string, Map<number, number>>();

function offsetMs(instant: number, timeZone: string): number {
  let offsets = offsetCache.get(timeZone);
  if (!offsets) offsetCache.set(timeZone, (offsets = new Map()));
  const slot = Math.floor(instant / QUARTER_HOUR_MS);
  let offset = offsets.get(slot);
  if (offset === undefined) {
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    const start = slot * QUARTER_HOUR_MS;
    offset = readWallClockMs(start, timeZone) - start;
    offsets.set(slot, offset);
  }
  return offset;
}

function readWallClockMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/** The calendar day `YYYY-MM-DD` an instant falls on in a zone. */
export function dayIn(instant: Date | string, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(wallClockMs(ms, timeZone)).toISOString().slice(0, 10);
}

/** The first instant of a calendar day in a zone (UTC ISO text). */
export function startOfDay(day: string, timeZone: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at a first guess, then again at the instant it gives (a DST change between).
  let instant = midnight - (wallClockMs(midnight, timeZone) - midnight);
  instant = midnight - (wallClockMs(instant, timeZone) - instant);
  return new Date(instant).toISOString();
}

/** Each day from `start` to `end` with its bounds in the zone. */
export function localDays(start: string, end: string, timeZone: string): LocalDay[] {
  const days: LocalDay[] = [];
  let from = startOfDay(start, timeZone);
  for (const day of eachDay(start, end)) {
    const before = startOfDay(addDays(day, 1), timeZone);
    days.push({ day, from, before });
    from = before;
  }
  return days;
}

/**
 * The `days(day, from_at, before_at)` rows of a `with` clause:
 * `sql\`with days(day, from_at, before_at) as (${localDaysSql(days)}) select …\``, then join a
 * timestamp to its day with `t.at >= days.from_at and t.at < days.before_at`.
 */
export function localDaysSql(days: LocalDay[]): RawBuilder<unknown> {
  return sql`values ${sql.join(days.map((d) => sql`(${d.day}, ${d.from}, ${d.before})`))}`;
}

/** The time zone a project's days are counted in (its reports, stand-ups, evaluations…): its own, else the server's. */
export function reportTimeZone(project: { time_zone: string | null }): string {
  return project.time_zone ?? serverTimeZone();
}
