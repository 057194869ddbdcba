/**
 * What other features use of reports. Calendar days live elsewhere: their arithmetic in the contract
 * (`addDays`, `eachDay`…), a project's days in its time zone in lib/zone-days.ts, day/week/month
 * buckets in lib/day-buckets.ts.
 */
// The hour-log questions take their period and the people they name as reports do (features/hour-signals).
export { checkRange } from './report-range.js';
export { reportMembers } from './report-members.js';
// Milestone snapshots freeze a milestone's burndown as this report computes it (features/milestone-snapshots).
export { burnReport } from './milestone-reports.js';
