import {
  addDays,
  DateSchema,
  HOURS_FILTERS,
  ID_MAX,
  localToday,
  rangeError,
  REPORT_DEFAULT_RANGE_DAYS,
  type HoursFilter,
} from '@teamboard/contract';

/** The value of the member and repository parameters that selects every one of them. */
export const ALL = 'all';

/** A real calendar day `YYYY-MM-DD`, as the API accepts it. */
export function isDay(value: string | undefined): value is string {
  return value !== undefined && DateSchema.safeParse(value).success;
}

/**
 * The URL parameters a report opens with (SPEC §4 and §9): from 7 days ago to today, grouped by
 * day, every member and repository. Each report's route uses the ones it names.
 */
export function defaultReportParams(today: string = localToday()) {
  return {
    start_date: addDays(today, -REPORT_DEFAULT_RANGE_DAYS),
    end_date: today,
    filter_option: 'day',
    user_id: ALL,
    selected_repo_id: ALL,
  };
}
export type ReportParams = ReturnType<typeof defaultReportParams>;

/** `all`, or the positive id a member or repository parameter names; null when it names neither. */
export function parseSelection(value: string | undefined): typeof ALL | number | null {
  if (value === ALL) return ALL;
  const id = value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
  return id > 0 && id <= ID_MAX ? id : null;
}

/**
 * The error code of a report's range as the address gives it (both days real, in order, not
 * longer than the view covers), or null: the screen shows it instead of asking the server.
 */
export function rangeProblem(start: string | undefined, end: string | undefined, filter?: HoursFilter) {
  if (!isDay(start) || !isDay(end)) return 'RANGE_NOT_VALID';
  return rangeError(start, end, filter);
}

/** The error code of an optional range, or null (a day left out is the server's to choose). */
export function optionalRangeProblem({
  start_date: start,
  end_date: end,
}: {
  start_date?: string | undefined;
  end_date?: string | undefined;
}): string | null {
  if (start !== undefined && end !== undefined) return rangeProblem(start, end);
  if ((start !== undefined && !isDay(start)) || (end !== undefined && !isDay(end))) return 'RANGE_NOT_VALID';
  return null;
}

export function isHoursFilter(value: string | undefined): value is HoursFilter {
  return (HOURS_FILTERS as readonly (string | undefined)[]).includes(value);
}
