import {
  daysBetween,
  FAIRNESS_CARRIES_MIN_TASKS,
  FAIRNESS_CARRIES_SHARE,
  FAIRNESS_SILENT_DAYS,
  type FairnessFlag,
  type FairnessMember,
} from '@teamboard/contract';
import { round2 } from '../../lib/numbers.js';

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** `value / total`, 3 decimals; null when the total is 0 or unknown (a share of nothing is not 0 %). */
export function shareOf(value: number | null, total: number | null): number | null {
  return value === null || total === null || total <= 0 ? null : round3(value / total);
}

/**
 * The Gini coefficient of `values`: the mean absolute difference between every pair over twice the
 * mean, 0 when all are equal, (n − 1) / n when one has everything. null with fewer than two values
 * or a total of 0: there is nothing to compare.
 */
export function gini(values: number[]): number | null {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (values.length < 2 || total <= 0) return null;
  let differences = 0;
  for (const a of values) for (const b of values) differences += Math.abs(a - b);
  return round3(differences / (2 * values.length * total));
}

/** What the `no_output` rule reads of one member in the last 14 days of the period. */
export interface OutputWindow {
  from: string;
  to: string;
  hoursByMember: Map<number, { hours: number; days: string[] }>;
  tasksClosedByMember: Map<number, number>;
  commitsByMember: Map<number, number>;
}

/** The three flags (docs/api-fairness.md), in member order: no_output, carries_half, silent. */
export function fairnessFlags(
  members: FairnessMember[],
  window: OutputWindow,
  periodEnd: string,
): FairnessFlag[] {
  const teamClosed = members.reduce((sum, member) => sum + member.tasks_closed, 0);
  return members.flatMap((member): FairnessFlag[] => {
    const flags: FairnessFlag[] = [];
    const logged = window.hoursByMember.get(member.user_id);
    const closed = window.tasksClosedByMember.get(member.user_id) ?? 0;
    const commits = window.commitsByMember.get(member.user_id) ?? 0;
    if (logged && logged.hours > 0 && closed === 0 && commits === 0) {
      flags.push({
        kind: 'no_output',
        user_id: member.user_id,
        window_from: window.from,
        window_to: window.to,
        hours: round2(logged.hours),
        hour_days: [...logged.days].sort(),
        tasks_closed: 0,
        commits: 0,
      });
    }
    if (
      teamClosed >= FAIRNESS_CARRIES_MIN_TASKS &&
      member.tasks_closed / teamClosed > FAIRNESS_CARRIES_SHARE
    ) {
      flags.push({
        kind: 'carries_half',
        user_id: member.user_id,
        tasks_closed: member.tasks_closed,
        team_tasks_closed: round2(teamClosed),
        share: round3(member.tasks_closed / teamClosed),
      });
    }
    const daysSilent = member.last_activity === null ? null : daysBetween(member.last_activity, periodEnd);
    if (daysSilent === null || daysSilent >= FAIRNESS_SILENT_DAYS) {
      flags.push({
        kind: 'silent',
        user_id: member.user_id,
        last_activity: member.last_activity,
        days_silent: daysSilent,
      });
    }
    return flags;
  });
}
