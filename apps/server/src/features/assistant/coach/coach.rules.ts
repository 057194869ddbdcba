import { daysBetween, TASK_PRIORITIES } from '@teamboard/contract';
import { round2 } from '../../../lib/numbers.js';
import type { MilestoneTask, OpenTask, Person } from './coach.queries.js';

/** The coach's rules on facts already read: pure, so each is exact and testable on its own. */

/** Lower case, no accents, punctuation and emoji as spaces: "🚫 Bloqueado" → "bloqueado". */
function plainName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The board has no "blocked" column type: a task is blocked when its blocked flag is set (the task
 * detail's checkbox and reason), or a team marks it with a label or keeps it in a column named for
 * it. Names match whole ("Unblocked" is not "blocked").
 */
const BLOCKED_NAMES = new Set([
  'blocked',
  'blocker',
  'blockers',
  'bloqueado',
  'bloqueada',
  'bloqueados',
  'bloqueadas',
  'bloqueo',
  'bloqueos',
]);

export type BlockedReason =
  | { kind: 'flag'; reason: string | null }
  | { kind: 'label'; name: string }
  | { kind: 'column'; name: string };

/** Why a task counts as blocked; empty when it does not. */
export function blockedReasons(task: OpenTask): BlockedReason[] {
  const reasons: BlockedReason[] = [];
  if (task.is_blocked) reasons.push({ kind: 'flag', reason: task.blocked_reason?.trim() || null });
  for (const name of task.label_names)
    if (BLOCKED_NAMES.has(plainName(name))) reasons.push({ kind: 'label', name });
  if (BLOCKED_NAMES.has(plainName(task.column_name)))
    reasons.push({ kind: 'column', name: task.column_name });
  return reasons;
}

const priorityRank = (task: OpenTask) =>
  task.priority === null
    ? TASK_PRIORITIES.length
    : TASK_PRIORITIES.length - 1 - TASK_PRIORITIES.indexOf(task.priority);

/** What to do first: the earliest due date (none last), then the highest priority, then board order. */
export function byNextToDo(a: OpenTask, b: OpenTask): number {
  if (a.deadline !== b.deadline) {
    if (a.deadline === null) return 1;
    if (b.deadline === null) return -1;
    return a.deadline < b.deadline ? -1 : 1;
  }
  return (
    priorityRank(a) - priorityRank(b) ||
    a.order[0] - b.order[0] ||
    a.order[1] - b.order[1] ||
    a.order[2] - b.order[2] ||
    a.id - b.id
  );
}

/**
 * "Clearly above the mean": at least half again the team's mean and at least 2 tasks more, or
 * half again its mean estimate and at least 4 hours more — so in a small team one task more than
 * the others is not a warning.
 */
export const OVERLOAD_RATIO = 1.5;
export const OVERLOAD_MIN_EXTRA_TASKS = 2;
export const OVERLOAD_MIN_EXTRA_HOURS = 4;

export interface PersonLoad {
  person: Person;
  tasks: OpenTask[];
  /** The sum of the open tasks' estimates (expected_hours; none counts 0). */
  hours: number;
  isOverloaded: boolean;
}

export interface Workload {
  people: PersonLoad[];
  meanTasks: number;
  meanHours: number;
  unassigned: OpenTask[];
}

/**
 * Open tasks and estimated hours per person: the working members, plus anyone else still assigned
 * to open tasks. A task shared by several people counts fully for each (each has it to do).
 * Ordered by tasks, then hours, most first, then by name.
 */
export function workloadOf(members: Person[], tasks: OpenTask[]): Workload {
  const loads = new Map(members.map((person) => [person.id, { person, tasks: [] as OpenTask[] }]));
  for (const task of tasks) {
    for (const person of task.assignees) {
      const load = loads.get(person.id) ?? { person, tasks: [] };
      load.tasks.push(task);
      loads.set(person.id, load);
    }
  }
  const withHours = [...loads.values()].map((load) => ({
    ...load,
    hours: round2(load.tasks.reduce((sum, task) => sum + (task.expected_hours ?? 0), 0)),
  }));
  const count = Math.max(withHours.length, 1);
  const meanTasks = withHours.reduce((sum, load) => sum + load.tasks.length, 0) / count;
  const meanHours = withHours.reduce((sum, load) => sum + load.hours, 0) / count;
  const isClearlyAbove = (value: number, mean: number, minExtra: number) =>
    value >= mean * OVERLOAD_RATIO && value - mean >= minExtra;
  const people = withHours
    .map((load) => ({
      ...load,
      isOverloaded:
        isClearlyAbove(load.tasks.length, meanTasks, OVERLOAD_MIN_EXTRA_TASKS) ||
        isClearlyAbove(load.hours, meanHours, OVERLOAD_MIN_EXTRA_HOURS),
    }))
    .sort(
      (a, b) =>
        b.tasks.length - a.tasks.length ||
        b.hours - a.hours ||
        a.person.name.localeCompare(b.person.name, 'en') ||
        a.person.id - b.person.id,
    );
  const unassigned = tasks.filter((task) => task.assignees.length === 0);
  return { people, meanTasks: round2(meanTasks), meanHours: round2(meanHours), unassigned };
}

/** Below this share of the scope the projection is a "no"; between it and all of it, "at risk". */
export const AT_RISK_SHARE = 0.8;

export type Verdict = 'yes' | 'at_risk' | 'no';

export interface Forecast {
  scope: number;
  done: number;
  remaining: number;
  scopeHours: number;
  doneHours: number;
  /** Days of the milestone so far, today included. */
  elapsedDays: number;
  totalDays: number;
  /** Days after today up to the deadline. */
  daysLeft: number;
  /** Tasks done per elapsed day. */
  pace: number;
  /** Tasks done by the deadline if the pace holds. */
  projected: number;
  /** Tasks per remaining day needed to finish (null when no day is left after today). */
  neededPace: number | null;
  verdict: Verdict;
  isFirstDay: boolean;
}

/**
 * Will the milestone's tasks be done by its deadline at the pace so far? The tasks done (completed
 * now) over the days elapsed, today included, projected over the days after today. On the first
 * day with nothing done there is no pace yet: "at risk", not "no".
 */
export function forecastOf(
  milestone: { start_date: string; deadline: string },
  tasks: MilestoneTask[],
  today: string,
): Forecast {
  const done = tasks.filter((task) => task.completed);
  const scope = tasks.length;
  const remaining = scope - done.length;
  const totalDays = daysBetween(milestone.start_date, milestone.deadline) + 1;
  const elapsedDays = Math.min(Math.max(daysBetween(milestone.start_date, today) + 1, 1), totalDays);
  const daysLeft = Math.max(daysBetween(today, milestone.deadline), 0);
  const pace = done.length / elapsedDays;
  const projected = Math.min(done.length + pace * daysLeft, scope);
  const isFirstDay = elapsedDays === 1;
  let verdict: Verdict;
  if (remaining === 0) verdict = 'yes';
  else if (projected >= scope) verdict = 'yes';
  else if (isFirstDay && done.length === 0) verdict = 'at_risk';
  else verdict = projected >= scope * AT_RISK_SHARE ? 'at_risk' : 'no';
  const sumHours = (list: MilestoneTask[]) =>
    round2(list.reduce((sum, task) => sum + task.expected_hours, 0));
  return {
    scope,
    done: done.length,
    remaining,
    scopeHours: sumHours(tasks),
    doneHours: sumHours(done),
    elapsedDays,
    totalDays,
    daysLeft,
    pace: round2(pace),
    projected: round2(projected),
    neededPace: daysLeft > 0 ? round2(remaining / daysLeft) : null,
    verdict,
    isFirstDay,
  };
}
