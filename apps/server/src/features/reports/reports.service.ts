/**
 * What other features use of reports: the project's calendar days, counted as every report counts
 * them (stand-ups take their day and ranges from here; docs/api-standups.md).
 */
export { dayIn, reportTimeZone } from './report-days.js';
export { addDays, eachDay, round2 } from './report-dates.js';
// The dashboard's metrics count days the same way, in the server's time zone (features/metrics).
export { localDays, localDaysSql, serverTimeZone, type LocalDay } from './report-days.js';
export { bucketSql, bucketsBetween, mondayOf } from './report-dates.js';
// The hour-log questions take their period and the people they name as reports do (features/hour-signals).
export { checkRange } from './report-dates.js';
export { startOfDay } from './report-days.js';
export { reportMembers } from './report-members.js';
// Milestone snapshots freeze a milestone's burndown as this report computes it (features/milestone-snapshots).
export { burnReport } from './milestone-reports.js';
