import { dateTimeFormat } from './cache';

/** A calendar day 'YYYY-MM-DD', an ISO instant, a Date or epoch milliseconds. */
export type DateValue = string | Date | number;

/**
 * medium: "Dec 2, 2026" / "2 dic 2026" (the default everywhere);
 * long: "Wednesday, December 2, 2026" / "miércoles, 2 de diciembre de 2026";
 * short: "Dec 2" / "2 dic" (axes, compact lists);
 * month: "Dec 2026" / "dic 2026" (monthly buckets).
 */
export type DateStyle = 'medium' | 'long' | 'short' | 'month';

/** timeZone: the IANA zone an instant is shown in; omitted, the runtime's own (the reader's browser). */
export interface ZoneOption {
  timeZone?: string;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'full' },
  short: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
};

/**
 * A calendar day has no zone: it is read as midnight UTC and shown in UTC, so '2026-12-02' is December 2
 * for a reader in Santiago and one in Kiritimati alike (new Date('2026-12-02') shown in local time would
 * be December 1 west of Greenwich).
 */
function toMoment(value: DateValue, zone: ZoneOption): { date: Date; timeZone?: string } {
  if (typeof value === 'string' && DAY_ONLY.test(value)) {
    return { date: new Date(`${value}T00:00:00Z`), timeZone: 'UTC' };
  }
  return { date: value instanceof Date ? value : new Date(value), timeZone: zone.timeZone };
}

function format(
  language: string,
  value: DateValue,
  options: Intl.DateTimeFormatOptions,
  zone: ZoneOption,
): string {
  const { date, timeZone } = toMoment(value, zone);
  // An unreadable value shows as it came rather than "Invalid Date" or a thrown RangeError.
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat(language, timeZone ? { ...options, timeZone } : options).format(date);
}

/** A day with the month as a word: "Dec 2, 2026" / "2 dic 2026" (see DateStyle for the other forms). */
export function formatDate(
  language: string,
  value: DateValue,
  style: DateStyle = 'medium',
  zone: ZoneOption = {},
): string {
  return format(language, value, DATE_STYLES[style], zone);
}

/** "Dec 2, 2026, 2:30 PM" / "2 dic 2026, 14:30". */
export function formatDateTime(language: string, value: DateValue, zone: ZoneOption = {}): string {
  return format(language, value, { dateStyle: 'medium', timeStyle: 'short' }, zone);
}

/** "2:30 PM" / "14:30". */
export function formatTime(language: string, value: DateValue, zone: ZoneOption = {}): string {
  return format(language, value, { timeStyle: 'short' }, zone);
}
