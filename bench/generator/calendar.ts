/** Time in the generator: plain millisecond numbers, written out as the services write them. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The semester as day indexes from its first day; "now" is the morning after the last day. */
export interface Semester {
  start: number;
  days: number;
  now: number;
}

export function semesterOf(range: { semesterStart: string; semesterEnd: string }): Semester {
  const start = Date.parse(`${range.semesterStart}T00:00:00.000Z`);
  const days = Math.round((Date.parse(`${range.semesterEnd}T00:00:00.000Z`) - start) / DAY) + 1;
  return { start, days, now: start + days * DAY + 9 * HOUR };
}

/** Midnight (UTC) of semester day `day`. */
export function dayStart(semester: Semester, day: number): number {
  return semester.start + day * DAY;
}

/** The semester day a timestamp falls on. */
export function dayOf(semester: Semester, at: number): number {
  return Math.floor((at - semester.start) / DAY);
}

/** ISO-8601 UTC text, the services' timestamp format (`clock.now().toISOString()`). */
export function iso(at: number): string {
  return new Date(at).toISOString();
}

/** YYYY-MM-DD, the API's date format. */
export function isoDate(at: number): string {
  return iso(at).slice(0, 10);
}
