/**
 * What other features use of reports: the project's calendar days, counted as every report counts
 * them (stand-ups take their day and ranges from here; docs/api-standups.md).
 */
export { dayIn, reportTimeZone } from './report-days.js';
export { addDays, round2 } from './report-dates.js';
