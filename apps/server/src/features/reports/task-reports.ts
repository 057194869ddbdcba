import {
  addDays,
  LEAD_TIME_BUCKETS,
  LEAD_TIME_ROW_LIMIT,
  mondayOf,
  TASK_METRICS,
  TASKS_REPORT_LIST_LIMIT,
  tasksRangeError,
  type ErrorCode,
  type LeadTimeReport,
  type LeadTimeReportQuery,
  type ReportMember,
  type TaskMetric,
  type TasksReport,
  type TasksReportQuery,
} from '@teamboard/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { DAY_MS } from '../../lib/clock.js';
import { bucketsBetween } from '../../lib/day-buckets.js';
import { round2 } from '../../lib/numbers.js';
import { dayIn, localDays, localDaysSql, startOfDay, type LocalDay } from '../../lib/zone-days.js';
import { reportMembers } from './report-members.js';
import { checkRange } from './report-range.js';

/** What a task report knows of "now": today and the zone days are counted in (the project's). */
export interface ReportClock {
  today: string;
  timeZone: string;
}

// ---------------------------------------------------------------- task tracking

/** One metric's tasks as the database returns them: newest first, each row carrying the full count. */
interface MetricRow {
  id: number;
  title: string;
  /** A UTC ISO timestamp, or for overdue tasks the deadline `YYYY-MM-DD`. */
  event_at: string;
  total: number | string;
}

interface TaskScope {
  projectId: number;
  days: LocalDay[];
  from: string;
  before: string;
  /** The `and exists (…)` limiting tasks `t` to the chosen member's, or nothing. */
  byUser: RawBuilder<unknown>;
}

/**
 * Only the tasks assigned to the member now (task_assignees): "my tasks" is what a member checks,
 * and the log does not say who a task was assigned to when it moved or was completed.
 */
function assignedTo(userId: number | undefined): RawBuilder<unknown> {
  return userId === undefined
    ? sql``
    : sql`and exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = ${userId})`;
}

const limit = sql`order by event_at desc, id desc limit ${TASKS_REPORT_LIST_LIMIT}`;

function createdTasks(scope: TaskScope) {
  return sql<MetricRow>`
    select t.id as id, t.title as title, t.created_at as event_at, count(*) over () as total
    from tasks t
    where t.project_id = ${scope.projectId} and t.created_at >= ${scope.from} and t.created_at < ${scope.before}
      ${scope.byUser}
    ${limit}`;
}

/**
 * A row of the log-reading query: a task of a metric (`started`, `completed`, `reopened`) with the
 * metric's full count in `total`, or a day's count of created or completed tasks
 * (`created_per_day`, `completed_per_day`: the day in `event_at`, the count in `total`).
 */
interface LoggedRow extends MetricRow {
  kind: 'started' | 'completed' | 'reopened' | 'created_per_day' | 'completed_per_day';
}

/**
 * What the task log says of the range, in one statement so the project's moves and completions
 * are read once: started (the task's first move between columns falls in the range), completed (a
 * change to done in the range) and reopened (a change back), each task once at its last such
 * change, with the newest tasks of each; and per day the tasks created and completed. A day's
 * events take the day whose start last precedes them (day starts and events sorted together once,
 * instead of comparing every event with every day).
 */
function loggedTasks(scope: TaskScope) {
  const inRange = sql`l.created_at >= ${scope.from} and l.created_at < ${scope.before}`;
  const change = (from: string, to: string) =>
    sql`max(case when l.field = 'completed' and l.old_value = ${from} and l.new_value = ${to} and ${inRange}
      then l.created_at end)`;
  return sql<LoggedRow>`
    with days(day, from_at, before_at) as (${localDaysSql(scope.days)}),
    per_task as (
      select t.id as id, t.title as title,
        min(case when l.field = 'moved' then l.created_at end) as first_move,
        ${change('false', 'true')} as completed_at,
        ${change('true', 'false')} as reopened_at
      from tasks t join task_logs l on l.task_id = t.id
      where t.project_id = ${scope.projectId} and l.field in ('moved', 'completed')
        and l.created_at < ${scope.before} ${scope.byUser}
      group by t.id, t.title
    ),
    events(kind, id, title, event_at) as (
      select 'started', id, title, first_move from per_task where first_move >= ${scope.from}
      union all
      select 'completed', id, title, completed_at from per_task where completed_at is not null
      union all
      select 'reopened', id, title, reopened_at from per_task where reopened_at is not null
    ),
    ranked as (
      select kind, id, title, event_at, count(*) over (partition by kind) as total,
        row_number() over (partition by kind order by event_at desc, id desc) as place
      from events
    ),
    timeline(at, is_event, day, kind) as (
      select cast(from_at as text), 0, cast(day as text), cast(null as text) from days
      union all
      select t.created_at, 1, null, 'created_per_day' from tasks t
      where t.project_id = ${scope.projectId} and t.created_at >= ${scope.from} and t.created_at < ${scope.before}
        ${scope.byUser}
      union all
      select event_at, 1, null, 'completed_per_day' from events where kind = 'completed'
    ),
    dated as (
      select kind, is_event,
        max(day) over (order by at, is_event rows between unbounded preceding and current row) as day
      from timeline
    )
    select kind, id, title, event_at, total from ranked where place <= ${TASKS_REPORT_LIST_LIMIT}
    union all
    select kind, cast(null as integer), cast(null as text), day, count(*) from dated where is_event = 1
    group by kind, day`;
}

/**
 * Tasks due in the range before today and not done on time: still open, or completed after the
 * end of their deadline's day (in the project's zone). Archived tasks are no longer anyone's work.
 * `days cross join tasks` keeps the days outside (SQLite joins in the written order then), so each
 * day finds its tasks by (project, deadline) instead of every task scanning the days.
 */
function overdueTasks(scope: TaskScope, today: string) {
  const { days } = scope;
  return sql<MetricRow>`
    with days(day, from_at, before_at) as (${localDaysSql(days)})
    select t.id as id, t.title as title, t.deadline as event_at, count(*) over () as total
    from days d cross join tasks t
    where t.deadline = d.day and t.project_id = ${scope.projectId} and t.is_archived = 0
      and t.deadline >= ${days[0]!.day} and t.deadline <= ${days.at(-1)!.day} and t.deadline < ${today}
      and (t.completed = 0 or t.completed_at >= d.before_at) ${scope.byUser}
    ${limit}`;
}

/** The member a report is filtered by: one of the project's, or someone still assigned to its tasks. */
async function reportUser(db: Db, projectId: number, userId: number): Promise<ReportMember> {
  const [member, assignee] = await Promise.all([
    db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('task_assignees')
      .innerJoin('tasks', 'tasks.id', 'task_assignees.task_id')
      .select('task_assignees.user_id')
      .where('tasks.project_id', '=', projectId)
      .where('task_assignees.user_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!member && !assignee) throw new AppError('NOT_FOUND');
  return (await reportMembers(db, projectId, [userId])).find((one) => one.user_id === userId)!;
}

function metricOf(rows: MetricRow[], timeZone: string, isDay = false) {
  return {
    count: Number(rows[0]?.total ?? 0),
    tasks: rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      day: isDay ? row.event_at : dayIn(row.event_at, timeZone),
    })),
  };
}

/**
 * Task tracking over a range of days (the project's): tasks created, started (first moved),
 * completed, reopened and overdue, each with its newest tasks, and created/completed per day.
 */
export async function tasksReport(
  db: Db,
  projectId: number,
  clock: ReportClock,
  query: TasksReportQuery,
): Promise<TasksReport> {
  const { start_date, end_date, user_id } = query;
  const error = tasksRangeError(start_date, end_date);
  if (error) throw new AppError(error as ErrorCode);
  const user = user_id === undefined ? null : await reportUser(db, projectId, user_id);
  const days = localDays(start_date, end_date, clock.timeZone);
  const scope: TaskScope = {
    projectId,
    days,
    from: days[0]!.from,
    before: days.at(-1)!.before,
    byUser: assignedTo(user_id),
  };
  const run = <T>(query: RawBuilder<T>) => query.execute(db).then((result) => result.rows);
  const [created, logged, overdue] = await Promise.all([
    run(createdTasks(scope)),
    run(loggedTasks(scope)),
    run(overdueTasks(scope, clock.today)),
  ]);
  const loggedAs = (kind: LoggedRow['kind']) => logged.filter((row) => row.kind === kind);
  const countsByDay = (kind: LoggedRow['kind']) =>
    new Map(loggedAs(kind).map((row) => [String(row.event_at), Number(row.total)]));
  const [createdPerDay, completedPerDay] = [countsByDay('created_per_day'), countsByDay('completed_per_day')];
  const rows: Record<TaskMetric, MetricRow[]> = {
    created,
    started: loggedAs('started'),
    completed: loggedAs('completed'),
    reopened: loggedAs('reopened'),
    overdue,
  };
  return {
    start_date,
    end_date,
    today: clock.today,
    user,
    days: days.map(({ day }) => ({
      day,
      created: createdPerDay.get(day) ?? 0,
      completed: completedPerDay.get(day) ?? 0,
    })),
    metrics: Object.fromEntries(
      TASK_METRICS.map((metric) => [metric, metricOf(rows[metric], clock.timeZone, metric === 'overdue')]),
    ) as TasksReport['metrics'],
  };
}

// ---------------------------------------------------------------- lead time

/** The lead-time report covers the last 12 weeks unless given a range. */
const DEFAULT_WEEKS = 12;

interface CompletedTaskRow {
  id: number;
  title: string;
  created_at: string;
  started_at: string | null;
  completed_at: string;
}

/**
 * Each task completed now whose last completion falls in [from, before), with its first move before
 * that completion (moving a task after completing it does not start it). `tasks.completed_at` is
 * the instant of the task's last 'completed' → true log entry (the same update writes both, and a
 * reopening clears it), so a task completed, reopened and completed again counts once, to its last
 * completion, read from the project's tasks without walking every completion in the log.
 */
async function completedTasks(
  db: Db,
  projectId: number,
  from: string,
  before: string,
): Promise<CompletedTaskRow[]> {
  const { rows } = await sql<CompletedTaskRow>`
    select t.id as id, t.title as title, t.created_at as created_at, t.completed_at as completed_at,
      (select min(m.created_at) from task_logs m
        where m.task_id = t.id and m.field = 'moved' and m.created_at <= t.completed_at) as started_at
    from tasks t
    where t.project_id = ${projectId} and t.completed = 1
      and t.completed_at >= ${from} and t.completed_at < ${before}
    order by t.completed_at desc, t.id desc`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Days, fractions included, between two timestamps (the calendar's `daysBetween` counts whole days). */
const daysElapsed = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return round2(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

const mean = (values: number[]) =>
  values.length === 0 ? null : round2(values.reduce((sum, value) => sum + value, 0) / values.length);

type LeadTask = LeadTimeReport['tasks'][number];

function leadTask(row: CompletedTaskRow): LeadTask {
  return {
    ...row,
    // Unrounded here: medians and buckets use the exact figures; the answer rounds them.
    lead_days: daysElapsed(row.created_at, row.completed_at),
    cycle_days: row.started_at === null ? null : daysElapsed(row.started_at, row.completed_at),
  };
}

const cyclesOf = (tasks: LeadTask[]) =>
  tasks.flatMap((task) => (task.cycle_days === null ? [] : [task.cycle_days]));

function distribution(tasks: LeadTask[]): LeadTimeReport['distribution'] {
  return LEAD_TIME_BUCKETS.map((from, index) => {
    const to = LEAD_TIME_BUCKETS[index + 1] ?? null;
    const count = tasks.filter(
      (task) => task.lead_days >= from && (to === null || task.lead_days < to),
    ).length;
    return { from, to, count };
  });
}

function weeklyTrend(
  tasks: LeadTask[],
  start: string,
  end: string,
  timeZone: string,
): LeadTimeReport['weeks'] {
  const byWeek = new Map(bucketsBetween(start, end, 'week').map((week) => [week, [] as LeadTask[]]));
  for (const task of tasks) byWeek.get(mondayOf(dayIn(task.completed_at, timeZone)))?.push(task);
  return [...byWeek].map(([week, done]) => ({
    week,
    count: done.length,
    median_lead_days: median(done.map((task) => task.lead_days)),
    median_cycle_days: median(cyclesOf(done)),
  }));
}

/**
 * Lead time (creation → last completion) and cycle time (first move → last completion) of the
 * tasks completed in the range, read from the task log: summary, distribution, weekly trend and
 * the tasks themselves.
 */
export async function leadTimeReport(
  db: Db,
  projectId: number,
  clock: ReportClock,
  query: LeadTimeReportQuery,
): Promise<LeadTimeReport> {
  const end_date = query.end_date ?? clock.today;
  const start_date = query.start_date ?? mondayOf(addDays(end_date, -7 * (DEFAULT_WEEKS - 1)));
  checkRange(start_date, end_date);
  const from = startOfDay(start_date, clock.timeZone);
  const before = startOfDay(addDays(end_date, 1), clock.timeZone);
  const tasks = (await completedTasks(db, projectId, from, before)).map(leadTask);
  const leads = tasks.map((task) => task.lead_days);
  const cycles = cyclesOf(tasks);
  return {
    start_date,
    end_date,
    summary: {
      count: tasks.length,
      lead_days: { median: median(leads), mean: mean(leads) },
      cycle_days: { median: median(cycles), mean: mean(cycles), count: cycles.length },
    },
    distribution: distribution(tasks),
    weeks: weeklyTrend(tasks, start_date, end_date, clock.timeZone),
    tasks: tasks.slice(0, LEAD_TIME_ROW_LIMIT).map((task) => ({
      ...task,
      lead_days: round2(task.lead_days),
      cycle_days: task.cycle_days === null ? null : round2(task.cycle_days),
    })),
  };
}
