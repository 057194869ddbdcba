import type { ProjectRole } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { round2 } from '../lib/numbers.js';

/**
 * The per-member facts of a period — hours, closed tasks, commits, stand-ups — counted one way for
 * every reader: the fairness page (docs/api-fairness.md) and the evidence beside peer ratings
 * (docs/api-evaluations.md, "Evidence"). Each fact is one query bounded by the project and the period.
 */

/** Days `fromDay`…`toDay` of the project and their instants (UTC ISO text, `from` inclusive, `before` exclusive). */
export interface FactsPeriod {
  fromDay: string;
  toDay: string;
  from: string;
  before: string;
}

/** A current owner or member of the project: who contributes, and who is credited with closed tasks. */
export interface Contributor {
  user_id: number;
  name: string;
  role: ProjectRole;
  gitname: string | null;
  labname: string | null;
}

export function projectContributors(db: Db, projectId: number): Promise<Contributor[]> {
  return (
    db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select(['users.id as user_id', 'users.name', 'project_members.role', 'users.gitname', 'users.labname'])
      .where('project_members.project_id', '=', projectId)
      // Viewers (often the teaching staff) cannot report hours or change tasks: counting them would
      // only add zeros and split closed tasks with people not meant to contribute.
      .where('project_members.role', 'in', ['owner', 'member'])
      .orderBy('users.name')
      .orderBy('users.id')
      .execute()
  );
}

/** One member's facts in the period. */
export interface MemberFact {
  /** Hours reported on days of the period, 2 decimals. */
  hours: number;
  /** Tasks completed in the period, each split equally among its contributing assignees, 2 decimals. */
  tasks_closed: number;
  /** Commits of the project's repositories mapped to the member; null without a linked repository. */
  commits: number | null;
  /** Stand-ups submitted for days of the period. */
  standups: number;
}

export interface HourDay {
  user_id: number;
  date: string;
  hours: number;
}

export interface MemberFacts {
  /** The current owners and members, by name: the people closed tasks are credited to. */
  contributors: Contributor[];
  /** The providers of the project's linked repositories (none: commits are not available). */
  providers: string[];
  /** A member's facts (zeros for someone who did nothing). */
  of(userId: number): MemberFact;
  /** Closed tasks of the period none of whose assignees is a contributor. */
  tasksClosedUncredited: number;
  /** Hours per member and day, for readers that look at part of the period. */
  hourDays: HourDay[];
  /** Closed-task credit and commits from `windowFrom` on (the last part of the period). */
  window: { tasksClosed: Map<number, number>; commits: Map<number, number> };
}

export interface MemberFactsOptions {
  /** An instant inside the period from which `window` counts; the period's start by default. */
  windowFrom?: string;
}

/** The facts of every member of the project in the period (docs/api-fairness.md, counting rules). */
export async function memberFacts(
  db: Db,
  projectId: number,
  period: FactsPeriod,
  options: MemberFactsOptions = {},
): Promise<MemberFacts> {
  const windowFrom = options.windowFrom ?? period.from;
  const [contributors, hourDays, closed, commits, providers, standups] = await Promise.all([
    projectContributors(db, projectId),
    hoursByDay(db, projectId, period),
    closedTasks(db, projectId, period),
    commitCounts(db, projectId, period, windowFrom),
    repositoryProviders(db, projectId),
    standupCounts(db, projectId, period),
  ]);
  const creditTo = new Set(contributors.map((member) => member.user_id));
  const credit = creditClosedTasks(closed, creditTo, windowFrom);
  const hours = new Map<number, number>();
  for (const row of hourDays) hours.set(row.user_id, (hours.get(row.user_id) ?? 0) + row.hours);
  const commitsOf = new Map(commits.map((row) => [row.user_id, row.commits]));
  const standupsOf = new Map(standups.map((row) => [row.user_id, row.count]));
  const hasCode = providers.length > 0;
  return {
    contributors,
    providers,
    of: (userId) => ({
      hours: round2(hours.get(userId) ?? 0),
      tasks_closed: round2(credit.inPeriod.get(userId) ?? 0),
      commits: hasCode ? (commitsOf.get(userId) ?? 0) : null,
      standups: standupsOf.get(userId) ?? 0,
    }),
    tasksClosedUncredited: credit.uncredited,
    hourDays,
    window: {
      tasksClosed: credit.inWindow,
      commits: new Map(commits.map((row) => [row.user_id, row.in_window])),
    },
  };
}

/** Hours per member and day of the period. */
async function hoursByDay(db: Db, projectId: number, period: FactsPeriod): Promise<HourDay[]> {
  const rows = await db
    .selectFrom('hours')
    .select(['user_id', 'date', (eb) => eb.fn.sum<number | string>('hours').as('hours')])
    .where('project_id', '=', projectId)
    .where('date', '>=', period.fromDay)
    .where('date', '<=', period.toDay)
    .groupBy(['user_id', 'date'])
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, date: row.date, hours: Number(row.hours) }));
}

interface ClosedTaskRow {
  id: number;
  completed_at: string;
  user_id: number | null;
}

/** Tasks completed in the period, each with its assignees now (one row per assignee, or one with null). */
function closedTasks(db: Db, projectId: number, period: FactsPeriod): Promise<ClosedTaskRow[]> {
  return db
    .selectFrom('tasks')
    .leftJoin('task_assignees', 'task_assignees.task_id', 'tasks.id')
    .select(['tasks.id', 'tasks.completed_at', 'task_assignees.user_id'])
    .where('tasks.project_id', '=', projectId)
    .where('tasks.completed', '=', 1)
    .where('tasks.completed_at', '>=', period.from)
    .where('tasks.completed_at', '<', period.before)
    .execute() as Promise<ClosedTaskRow[]>;
}

/**
 * Each closed task is one unit of work split equally among its assignees who are contributors now
 * (a task done by two counts half for each); a task with none of them is credited to nobody.
 */
function creditClosedTasks(
  rows: ClosedTaskRow[],
  creditTo: ReadonlySet<number>,
  windowFrom: string,
): { inPeriod: Map<number, number>; inWindow: Map<number, number>; uncredited: number } {
  const tasks = new Map<number, { completed_at: string; assignees: number[] }>();
  for (const row of rows) {
    const task = tasks.get(row.id) ?? { completed_at: row.completed_at, assignees: [] };
    if (row.user_id !== null && creditTo.has(row.user_id)) task.assignees.push(row.user_id);
    tasks.set(row.id, task);
  }
  const inPeriod = new Map<number, number>();
  const inWindow = new Map<number, number>();
  let uncredited = 0;
  for (const task of tasks.values()) {
    if (task.assignees.length === 0) uncredited += 1;
    for (const userId of task.assignees) {
      const part = 1 / task.assignees.length;
      inPeriod.set(userId, (inPeriod.get(userId) ?? 0) + part);
      if (task.completed_at >= windowFrom) inWindow.set(userId, (inWindow.get(userId) ?? 0) + part);
    }
  }
  return { inPeriod, inWindow, uncredited };
}

/** Commits of the project's repositories in the period per mapped member, and those since `windowFrom`. */
async function commitCounts(db: Db, projectId: number, period: FactsPeriod, windowFrom: string) {
  const rows = await db
    .selectFrom('commits')
    .innerJoin('repositories', 'repositories.id', 'commits.repository_id')
    .select([
      'commits.user_id',
      (eb) => eb.fn.countAll<number | string>().as('commits'),
      sql<number | string>`sum(case when commits.committed_at >= ${windowFrom} then 1 else 0 end)`.as(
        'in_window',
      ),
    ])
    .where('repositories.project_id', '=', projectId)
    .where('commits.user_id', 'is not', null)
    .where('commits.committed_at', '>=', period.from)
    .where('commits.committed_at', '<', period.before)
    .groupBy('commits.user_id')
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id!,
    commits: Number(row.commits),
    in_window: Number(row.in_window),
  }));
}

/** The providers of the repositories linked to the project (what code facts can exist). */
async function repositoryProviders(db: Db, projectId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('repositories')
    .select('provider')
    .where('project_id', '=', projectId)
    .execute();
  return rows.map((row) => row.provider);
}

/** Stand-ups per member submitted for days of the period. */
async function standupCounts(db: Db, projectId: number, period: FactsPeriod) {
  const rows = await db
    .selectFrom('standups')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('project_id', '=', projectId)
    .where('day', '>=', period.fromDay)
    .where('day', '<=', period.toDay)
    .groupBy('user_id')
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, count: Number(row.count) }));
}
