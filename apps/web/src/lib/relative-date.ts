import { formatDate } from '@teamboard/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** "5 minutes ago" / "hace 5 minutos" within a week, else the day with its month as a word ("Dec 2, 2026" / "2 dic 2026"): the activity feed, the assistant's conversations. */
export function relativeDate(iso: string, language: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  const elapsed = now - time;
  if (Number.isNaN(time) || elapsed >= WEEK || elapsed < -MINUTE) return formatDate(language, iso);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (elapsed < MINUTE) return format.format(0, 'second');
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}
