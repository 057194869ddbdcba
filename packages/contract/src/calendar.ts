/**
 * Calendar days as the API writes them, `YYYY-MM-DD`, and the arithmetic both apps do on them. A day
 * is read as its UTC midnight, so no daylight-saving hour moves it; which day an instant falls on in
 * a time zone is the server's business (apps/server/src/lib/zone-days.ts).
 */
const DAY_MS = 86_400_000;

const midnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day as text; past 9999-12-31 in JavaScript's expanded form (`+010000-01-01`), never cut short. */
function dayText(instant: number): string {
  const iso = new Date(instant).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}

/** A calendar day moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return dayText(midnightOf(day) + days * DAY_MS);
}

/** Whole days from `from` to `to`; negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS);
}

/**
 * Every day from `start` to `end`, oldest first. Counted as instants, not compared as text: the day
 * after 9999-12-31 is `+010000-01-01`, which sorts before `9999-…`, and a loop comparing text never
 * ended there (the fuzz test found it with a range ending on 9999-12-31).
 */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  const last = midnightOf(end);
  for (let at = midnightOf(start); at <= last; at += DAY_MS) days.push(dayText(at));
  return days;
}

/** The Monday of a day's week (weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = new Date(midnightOf(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Today in the time zone of the machine that runs it: in the browser, the day a person means by
 * "today". The server never asks its own clock's day: it counts days in a project's zone (zone-days).
 */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
