import {
  eachDay,
  type StandupAnalysis,
  type StandupMemberAnalysis,
  type StandupSignal,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { round2 } from '../../lib/numbers.js';
import { dayIn } from '../../lib/zone-days.js';
import { maySeeMood, maySeeMoodAverage, type MoodViewer } from './mood-visibility.js';
import { textSignals } from './signals/signals.js';
import * as repo from './standups.repository.js';
import type { MemberAggregate, SubmittingMember } from './standups.repository.js';

export interface AnalysisInput {
  projectId: number;
  timeZone: string;
  /** Today in the project's time zone. */
  today: string;
  range: { start: string; end: string };
  /**
   * Who reads it (mood-visibility.ts): `members` holds the rows of the members whose moods they may
   * see, and a day's team stress and feeling averages are shown only as `maySeeMoodAverage` allows.
   */
  viewer: MoodViewer;
}

const roundOrNull = (value: number | null) => (value === null ? null : round2(value));

function isWeekday(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * Least-squares slope of stress against time, in points per week; null without two stand-ups on
 * different days.
 */
export function stressTrend(a: Pick<MemberAggregate, 'submitted' | 'sum_x' | 'sum_xx' | 'sum_y' | 'sum_xy'>) {
  const n = a.submitted;
  const denominator = n * a.sum_xx - a.sum_x * a.sum_x;
  if (n < 2 || denominator <= 0) return null;
  const perDay = (n * a.sum_xy - a.sum_x * a.sum_y) / denominator;
  // `+ 0` turns -0 into 0.
  return round2(perDay * 7) + 0;
}

/**
 * The analysis of a project's stand-ups over a range (docs/api-standups.md). The numbers are
 * aggregated in the database (GROUP BY day, GROUP BY author); missing days and open blockers come
 * from each author's stand-up days; text signals from the visible members' texts.
 */
export async function analyze(db: Db, input: AnalysisInput): Promise<StandupAnalysis> {
  const { projectId, range, today, timeZone } = input;
  const [members, byDay, byMember, standupDays] = await Promise.all([
    repo.submittingMembers(db, projectId),
    repo.aggregateByDay(db, projectId, range),
    repo.aggregateByMember(db, projectId, range),
    repo.standupDays(db, projectId, range),
  ]);
  const days = eachDay(range.start, range.end);

  const daysOfMember = new Map<number, { day: string; is_blocked: number }[]>();
  const authorsOfDay = new Map<string, number[]>();
  for (const row of standupDays) {
    const list = daysOfMember.get(row.user_id) ?? [];
    list.push(row);
    daysOfMember.set(row.user_id, list);
    authorsOfDay.set(row.day, [...(authorsOfDay.get(row.day) ?? []), row.user_id]);
  }
  const mayAverageMoodsOf = (day: string) => maySeeMoodAverage(input.viewer, authorsOfDay.get(day) ?? []);
  /** Weekdays of the range up to today, from the day they joined, without their stand-up. */
  const missingOf = (member: SubmittingMember): number => {
    const joined = dayIn(member.joined_at, timeZone);
    const from = joined > range.start ? joined : range.start;
    const to = today < range.end ? today : range.end;
    const submitted = new Set((daysOfMember.get(member.user_id) ?? []).map((row) => row.day));
    return eachDay(from, to).filter((day) => isWeekday(day) && !submitted.has(day)).length;
  };
  const openBlocker = (userId: number): boolean => daysOfMember.get(userId)?.at(-1)?.is_blocked === 1;

  const visibleMembers = members.filter((member) => maySeeMood(input.viewer, member.user_id));
  const signals = await signalsOf(
    db,
    projectId,
    range,
    visibleMembers.map((member) => member.user_id),
  );
  const aggregates = new Map(byMember.map((row) => [row.user_id, row]));
  const memberRows: StandupMemberAnalysis[] = visibleMembers.map((member) => {
    const a = aggregates.get(member.user_id);
    return {
      user_id: member.user_id,
      name: member.name,
      submitted: a?.submitted ?? 0,
      missing: missingOf(member),
      hours_total: round2(a?.hours_total ?? 0),
      hours_avg: roundOrNull(a?.hours_avg ?? null),
      stress_avg: roundOrNull(a?.stress_avg ?? null),
      feeling_avg: roundOrNull(a?.feeling_avg ?? null),
      stress_trend: a ? stressTrend(a) : null,
      days_blocked: a?.days_blocked ?? 0,
      open_blocker: openBlocker(member.user_id),
      signals: signals.get(member.user_id) ?? [],
    };
  });

  const perDay = new Map(byDay.map((row) => [row.day, row]));
  const submitted = byDay.reduce((total, row) => total + row.submitted, 0);
  const blocked = byDay.reduce((total, row) => total + row.blocked, 0);
  return {
    start_date: range.start,
    end_date: range.end,
    days,
    team: {
      per_day: days.map((day) => {
        const row = perDay.get(day);
        const moodsShown = mayAverageMoodsOf(day);
        return {
          day,
          submitted: row?.submitted ?? 0,
          hours_avg: roundOrNull(row?.hours_avg ?? null),
          stress_avg: moodsShown ? roundOrNull(row?.stress_avg ?? null) : null,
          feeling_avg: moodsShown ? roundOrNull(row?.feeling_avg ?? null) : null,
          blocked: row?.blocked ?? 0,
        };
      }),
      mood_averages_withheld: byDay.some((row) => !mayAverageMoodsOf(row.day)),
      submitted,
      missing: members.reduce((total, member) => total + missingOf(member), 0),
      blocking: {
        frequency: submitted === 0 ? 0 : round2(blocked / submitted),
        open_blockers: members.filter((member) => openBlocker(member.user_id)).length,
        days_blocked: byDay.filter((row) => row.blocked > 0).length,
      },
    },
    members: memberRows,
  };
}

/** Each visible author's text signals over the range, newest day first. */
async function signalsOf(
  db: Db,
  projectId: number,
  range: { start: string; end: string },
  userIds: number[],
): Promise<Map<number, StandupSignal[]>> {
  const texts = await repo.standupTexts(db, projectId, range, userIds);
  const result = new Map<number, StandupSignal[]>();
  for (const standup of texts) {
    const found = textSignals([standup.did, standup.will_do, standup.blockers]);
    if (found.length === 0) continue;
    const list = result.get(standup.user_id) ?? [];
    for (const signal of found) list.push({ day: standup.day, standup_id: standup.id, ...signal });
    result.set(standup.user_id, list);
  }
  return result;
}
