import {
  addDays,
  daysBetween,
  HOUR_SIGNALS_DEFAULT_DAYS,
  type HourSignals,
  type HourSignalsQuery,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/project-access.js';
import { activityMoments } from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone, startOfDay } from '../../lib/zone-days.js';
import { checkRange, reportMembers } from '../reports/reports.service.js';
import { memberSignals } from './hour-signal-rules.js';
import { loggedEntries, type LoggedEntry, type Period } from './hour-signals.repository.js';

/** The period asked for, or the last 28 days up to today in the project's time zone (as reports do). */
function periodOf(query: HourSignalsQuery, timeZone: string, now: Date): Period {
  const toDay = query.to ?? dayIn(now, timeZone);
  const fromDay = query.from ?? addDays(toDay, -(HOUR_SIGNALS_DEFAULT_DAYS - 1));
  checkRange(fromDay, toDay);
  return {
    fromDay,
    toDay,
    from: startOfDay(fromDay, timeZone),
    before: startOfDay(addDays(toDay, 1), timeZone),
  };
}

function groupBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/**
 * The hour-log questions of a project (docs/api-hour-signals.md): per member (current ones, and anyone
 * who left but logged hours in the period) the signals of the rules with the entries behind each.
 */
export async function projectHourSignals(
  db: Db,
  clock: Clock,
  access: ProjectAccess,
  query: HourSignalsQuery,
): Promise<HourSignals> {
  const projectId = access.project.id;
  const timeZone = reportTimeZone(access.project);
  const period = periodOf(query, timeZone, clock.now());
  const entries = await loggedEntries(db, projectId, period);
  const entriesOf = groupBy(entries, (entry) => entry.user_id);
  const [members, activity] = await Promise.all([
    reportMembers(db, projectId, entriesOf.keys()),
    // Other activity: commits, task log entries and comments (logging hours writes no task log entry).
    activityMoments(db, projectId, [...entriesOf.keys()], period),
  ]);
  const activeDaysOf = new Map<number, Set<string>>();
  for (const moment of activity) {
    const days = activeDaysOf.get(moment.user_id) ?? new Set<string>();
    days.add(dayIn(moment.at, timeZone));
    activeDaysOf.set(moment.user_id, days);
  }
  const withLateness = ({ user_id: _user, ...entry }: LoggedEntry) => ({
    ...entry,
    days_late: daysBetween(entry.date, dayIn(entry.created_at, timeZone)),
  });
  return {
    from: period.fromDay,
    to: period.toDay,
    time_zone: timeZone,
    members: members.map((member) => {
      const own = (entriesOf.get(member.user_id ?? -1) ?? []).map(withLateness);
      return {
        user_id: member.user_id!,
        name: member.name,
        is_member: member.is_member,
        entry_count: own.length,
        signals: memberSignals(own, activeDaysOf.get(member.user_id ?? -1) ?? new Set()),
      };
    }),
  };
}
