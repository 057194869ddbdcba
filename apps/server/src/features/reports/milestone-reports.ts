import { addDays, type BurnNumbers, type BurnReport, type VelocityReport } from '@teamboard/contract';
import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { round2 } from '../../lib/numbers.js';
import { localDays, localDaysSql, startOfDay, type LocalDay } from '../../lib/zone-days.js';
import { checkRange } from './report-range.js';

/** How long after its deadline a milestone's chart follows work that went on (docs/api-reports.md). */
export const BURN_DAYS_AFTER_DEADLINE = 30;

type MilestoneRow = Selectable<Database['milestones']>;

/** The day name of the changes before the first day shown (ISO days sort after it). */
const BEFORE = 'before';

/** A milestone of the project, or 404: one of another project is as unknown as a missing one. */
async function projectMilestone(db: Db, projectId: number, milestoneId: number): Promise<MilestoneRow> {
  const milestone = await db
    .selectFrom('milestones')
    .selectAll()
    .where('id', '=', milestoneId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!milestone) throw new AppError('NOT_FOUND');
  return milestone;
}

interface BurnDeltaRow {
  day: string;
  scope_tasks: number | string;
  scope_hours: number | string | null;
  completed_tasks: number | string;
  completed_hours: number | string | null;
}

/**
 * The changes of scope and of completed work per day, summed in the database. The scope is the
 * tasks in the milestone now, each from the day it joined it (its last 'milestone_id' log to this
 * milestone, else its creation). Each 'completed' log adds or takes 1 (and the task's expected
 * hours) at its instant — but never before the task joined, so what was completed before counts
 * from the day it joined, and completed work never exceeds the scope. Changes before the first
 * day are summed under `BEFORE`; changes after the last day are left out.
 */
async function burnDeltas(db: Db, milestoneId: number, days: LocalDay[]): Promise<BurnDeltaRow[]> {
  const before: LocalDay = { day: BEFORE, from: '', before: days[0]!.from };
  const { rows } = await sql<BurnDeltaRow>`
    with days(day, from_at, before_at) as (${localDaysSql([before, ...days])}),
    scope as (
      select t.id, coalesce(t.expected_hours, 0) as hours,
        coalesce((select max(j.created_at) from task_logs j
          where j.task_id = t.id and j.field = 'milestone_id' and j.new_value = ${String(milestoneId)}),
          t.created_at) as joined_at
      from tasks t where t.milestone_id = ${milestoneId}
    ),
    changes as (
      select joined_at as at, 1 as scope, 0 as completed, hours from scope
      union all
      select case when c.created_at > s.joined_at then c.created_at else s.joined_at end,
        0, case when c.new_value = 'true' then 1 else -1 end, s.hours
      from scope s join task_logs c on c.task_id = s.id and c.field = 'completed'
    )
    select days.day, sum(scope) as scope_tasks, sum(scope * hours) as scope_hours,
      sum(completed) as completed_tasks, sum(completed * hours) as completed_hours
    from changes join days on changes.at >= days.from_at and changes.at < days.before_at
    group by days.day`.execute(db);
  return rows;
}

interface Totals {
  scopeTasks: number;
  scopeHours: number;
  completedTasks: number;
  completedHours: number;
}

const NO_CHANGE: Totals = { scopeTasks: 0, scopeHours: 0, completedTasks: 0, completedHours: 0 };

function totalsOf(row: BurnDeltaRow | undefined): Totals {
  if (!row) return NO_CHANGE;
  return {
    scopeTasks: Number(row.scope_tasks),
    scopeHours: Number(row.scope_hours ?? 0),
    completedTasks: Number(row.completed_tasks),
    completedHours: Number(row.completed_hours ?? 0),
  };
}

function add(a: Totals, b: Totals): Totals {
  return {
    scopeTasks: a.scopeTasks + b.scopeTasks,
    scopeHours: a.scopeHours + b.scopeHours,
    completedTasks: a.completedTasks + b.completedTasks,
    completedHours: a.completedHours + b.completedHours,
  };
}

const hasChange = (totals: Totals) =>
  totals.scopeTasks !== 0 ||
  totals.scopeHours !== 0 ||
  totals.completedTasks !== 0 ||
  totals.completedHours !== 0;

/**
 * The last day shown: the deadline, or — when today is past it — the last day after it on which
 * the scope or the completed work changed, at most `BURN_DAYS_AFTER_DEADLINE` days later.
 */
function lastDayShown(deadline: string, changes: Map<string, Totals>): string {
  let last = deadline;
  for (const [day, totals] of changes) if (day !== BEFORE && day > last && hasChange(totals)) last = day;
  return last;
}

/** A point of a straight line from `from` on the first day to `to` on the deadline (flat after it). */
function idealAt(index: number, deadlineIndex: number, from: number, to: number): number {
  if (index >= deadlineIndex) return round2(to);
  return round2(from + ((to - from) * index) / deadlineIndex);
}

function numbers(actual: { scope: number; completed: number } | null, ideal: [number, number]): BurnNumbers {
  const [ideal_completed, ideal_remaining] = ideal;
  if (!actual) return { scope: null, completed: null, remaining: null, ideal_completed, ideal_remaining };
  const { scope, completed } = actual;
  return {
    scope: round2(scope),
    completed: round2(completed),
    remaining: round2(scope - completed),
    ideal_completed,
    ideal_remaining,
  };
}

/** Prefix sums of the per-day changes: each day's scope and completed work, with the ideal lines. */
function burnDays(dayNames: string[], deadline: string, today: string, changes: Map<string, Totals>) {
  let running = changes.get(BEFORE) ?? NO_CHANGE;
  const actuals = dayNames.map((day) => (running = add(running, changes.get(day) ?? NO_CHANGE)));
  // The ideal runs from what the first day held (or holds so far) to what the milestone holds by today.
  const known = actuals.filter((_, index) => dayNames[index]! <= today);
  const first = known[0] ?? actuals.at(-1)!;
  const latest = known.at(-1) ?? actuals.at(-1)!;
  const deadlineIndex = dayNames.indexOf(deadline);
  return dayNames.map((day, index) => {
    const totals = actuals[index]!;
    const isPast = day <= today;
    return {
      day,
      tasks: numbers(isPast ? { scope: totals.scopeTasks, completed: totals.completedTasks } : null, [
        idealAt(index, deadlineIndex, 0, latest.scopeTasks),
        idealAt(index, deadlineIndex, first.scopeTasks, 0),
      ]),
      hours: numbers(isPast ? { scope: totals.scopeHours, completed: totals.completedHours } : null, [
        idealAt(index, deadlineIndex, 0, latest.scopeHours),
        idealAt(index, deadlineIndex, first.scopeHours, 0),
      ]),
    };
  });
}

/** The days after the first (up to today) whose scope changed, with the change. */
function scopeChanges(dayNames: string[], today: string, changes: Map<string, Totals>) {
  return dayNames
    .slice(1)
    .filter((day) => day <= today)
    .map((day) => ({ day, totals: changes.get(day) ?? NO_CHANGE }))
    .filter(({ totals }) => totals.scopeTasks !== 0 || totals.scopeHours !== 0)
    .map(({ day, totals }) => ({ day, tasks: totals.scopeTasks, hours: round2(totals.scopeHours) }));
}

/**
 * Burnup and burndown of a milestone (the same numbers): per day from its start date, at the end of
 * each day in the project's time zone, its scope and completed work, in tasks and expected hours
 * (current estimates, none = 0). Tasks removed from the milestone or deleted are not counted.
 */
export async function burnReport(
  db: Db,
  projectId: number,
  context: { today: string; timeZone: string },
  milestoneId: number,
): Promise<BurnReport> {
  const { today, timeZone } = context;
  const milestone = await projectMilestone(db, projectId, milestoneId);
  const { start_date, deadline } = milestone;
  // Past the deadline, ask for the days work may have gone on; the quiet ones are trimmed below.
  const queryEnd = today > deadline ? minDay(today, addDays(deadline, BURN_DAYS_AFTER_DEADLINE)) : deadline;
  checkRange(start_date, queryEnd);
  const rows = await burnDeltas(db, milestone.id, localDays(start_date, queryEnd, timeZone));
  const changes = new Map(rows.map((row) => [String(row.day), totalsOf(row)]));
  const end_date = lastDayShown(deadline, changes);
  const dayNames = localDays(start_date, end_date, timeZone).map((d) => d.day);
  return {
    milestone: {
      milestone_id: milestone.id,
      name: milestone.name,
      start_date,
      deadline,
      sprint: milestone.sprint === 1,
    },
    today,
    start_date,
    end_date,
    days: burnDays(dayNames, deadline, today, changes),
    scope_changes: scopeChanges(dayNames, today, changes),
  };
}

const minDay = (a: string, b: string) => (a < b ? a : b);

interface SprintRow {
  id: number | string;
  planned_tasks: number | string;
  planned_hours: number | string | null;
  completed_tasks: number | string | null;
  completed_hours: number | string | null;
}

/**
 * Per sprint: the tasks in it now (and their expected hours), and of those the ones completed now
 * whose last completion (`completed_at`) fell within its dates in the project's time zone.
 */
async function sprintRows(db: Db, sprints: MilestoneRow[], timeZone: string): Promise<SprintRow[]> {
  const bounds = sprints.map(
    (s) =>
      sql`(cast(${s.id} as integer), ${startOfDay(s.start_date, timeZone)}, ${startOfDay(addDays(s.deadline, 1), timeZone)})`,
  );
  const done = sql`t.completed = 1 and t.completed_at >= s.from_at and t.completed_at < s.before_at`;
  const { rows } = await sql<SprintRow>`
    with s(id, from_at, before_at) as (values ${sql.join(bounds)})
    select s.id, count(t.id) as planned_tasks, sum(coalesce(t.expected_hours, 0)) as planned_hours,
      sum(case when ${done} then 1 else 0 end) as completed_tasks,
      sum(case when ${done} then coalesce(t.expected_hours, 0) else 0 end) as completed_hours
    from s left join tasks t on t.milestone_id = s.id
    group by s.id`.execute(db);
  return rows;
}

/** Velocity per sprint (the milestones marked as sprints), and its mean over the finished ones. */
export async function velocityReport(
  db: Db,
  projectId: number,
  context: { today: string; timeZone: string },
): Promise<VelocityReport> {
  const { today, timeZone } = context;
  const sprints = await db
    .selectFrom('milestones')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('sprint', '=', 1)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  const rows = sprints.length > 0 ? await sprintRows(db, sprints, timeZone) : [];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const report = sprints.map((sprint) => {
    const row = byId.get(sprint.id);
    return {
      milestone_id: sprint.id,
      name: sprint.name,
      start_date: sprint.start_date,
      deadline: sprint.deadline,
      finished: sprint.deadline < today,
      completed: {
        tasks: Number(row?.completed_tasks ?? 0),
        hours: round2(Number(row?.completed_hours ?? 0)),
      },
      planned: { tasks: Number(row?.planned_tasks ?? 0), hours: round2(Number(row?.planned_hours ?? 0)) },
    };
  });
  return { today, sprints: report, average: averageOf(report.filter((sprint) => sprint.finished)) };
}

function averageOf(finished: { completed: { tasks: number; hours: number } }[]): VelocityReport['average'] {
  if (finished.length === 0) return null;
  const sum = (pick: (s: (typeof finished)[number]) => number) =>
    finished.reduce((total, s) => total + pick(s), 0);
  return {
    tasks: round2(sum((s) => s.completed.tasks) / finished.length),
    hours: round2(sum((s) => s.completed.hours) / finished.length),
    sprints: finished.length,
  };
}
