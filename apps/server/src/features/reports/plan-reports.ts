import {
  TIMELINE_MAX_TASKS,
  timelineRangeError,
  type AverageCompletionReport,
  type ErrorCode,
  type HoursVariationReport,
  type HoursVariationTask,
  type ReportMember,
  type TimelineMilestone,
  type TimelineReport,
  type TimelineReportQuery,
  type TimelineTask,
} from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { round2 } from '../../lib/numbers.js';
import { dayIn, localDays, localDaysSql } from '../../lib/zone-days.js';
import { reportMembers } from './report-members.js';

/** What a count or sum comes back as: PostgreSQL answers bigint and numeric as strings. */
type DbNumber = number | string;

const UNASSIGNED: ReportMember = { user_id: null, name: '', is_member: false };

interface MilestoneRow {
  id: number;
  name: string;
  start_date: string;
  deadline: string;
  sprint: number;
}

const toMilestone = (row: MilestoneRow): TimelineMilestone => ({
  milestone_id: Number(row.id),
  name: row.name,
  start_date: row.start_date,
  deadline: row.deadline,
  sprint: Number(row.sprint) === 1,
});

const MILESTONE_COLUMNS = ['id', 'name', 'start_date', 'deadline', 'sprint'] as const;

/** A milestone of the project, or 404: one of another project is as unknown as a missing one. */
async function projectMilestone(db: Db, projectId: number, milestoneId: number): Promise<TimelineMilestone> {
  const row = await db
    .selectFrom('milestones')
    .select(MILESTONE_COLUMNS)
    .where('id', '=', milestoneId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toMilestone(row);
}

// ---------------------------------------------------------------------------------------------
// Timeline (gantt)

/** Sorts before every day: the task was created before the range (its day is found afterwards). */
const BEFORE_RANGE = '0000-00-00';
/** Sorts after every day: the task was created after the range, so its bar is its last day only. */
const AFTER_RANGE = '9999-12-31';

interface SpanRow {
  id: number;
  title: string;
  milestone_id: number | null;
  completed: number;
  is_blocked: number;
  blocked_reason: string | null;
  created_at: string;
  deadline: string | null;
  start_day: string;
  end_day: string;
  total: DbNumber;
}

/**
 * The tasks (not archived, with a starting date or a deadline) whose bar overlaps the range: from
 * the starting date (else the creation day in the project's time zone) to the deadline (else the
 * starting date), the start moved to the end when it comes after it. The creation day is the
 * range's local day whose start last precedes it (day starts and creation times sorted together
 * once: an as-of join); created before the range it is `BEFORE_RANGE` here and is computed for
 * the few listed rows afterwards. The first TIMELINE_MAX_TASKS by the start of their
 * visible bar, with the count of them all.
 */
async function timelineSpans(db: Db, projectId: number, query: TimelineReportQuery, timeZone: string) {
  const { start_date, end_date } = query;
  const days = localDays(start_date, end_date, timeZone);
  const { rows } = await sql<SpanRow>`
    with days(day, from_at, before_at) as (${localDaysSql(days)}),
    candidates as (
      select t.id, t.title, t.milestone_id, t.completed, t.is_blocked, t.blocked_reason, t.created_at,
        t.deadline, t.starting_date, coalesce(t.deadline, t.starting_date) as end_day
      from tasks t
      where t.project_id = ${projectId} and t.is_archived = 0
        and coalesce(t.deadline, t.starting_date) >= ${start_date}
    ),
    timeline(at, is_task, day, id) as (
      select cast(from_at as text), 0, cast(day as text), cast(null as integer) from days
      union all
      select created_at, 1, null, id from candidates where starting_date is null
    ),
    created_days as (
      select id, max(day) over (order by at, is_task rows between unbounded preceding and current row) as day
      from timeline
    ),
    spans as (
      select c.*, coalesce(
          c.starting_date,
          case when c.created_at >= ${days.at(-1)!.before} then ${AFTER_RANGE} end,
          cd.day,
          ${BEFORE_RANGE}
        ) as raw_start
      from candidates c left join created_days cd on cd.id = c.id
    ),
    bars as (
      select spans.*, case when raw_start > end_day then end_day else raw_start end as start_day from spans
    )
    select id, title, milestone_id, completed, is_blocked, blocked_reason, created_at, deadline, start_day,
      end_day, count(*) over () as total
    from bars
    where start_day <= ${end_date}
    order by case when start_day < ${start_date} then ${start_date} else start_day end, end_day, id
    limit ${TIMELINE_MAX_TASKS}`.execute(db);
  return rows;
}

/** Each listed task's assignees, by task id. */
async function assigneesOf(db: Db, taskIds: number[]): Promise<Map<number, number[]>> {
  const byTask = new Map<number, number[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .selectFrom('task_assignees')
    .select(['task_id', 'user_id'])
    .where('task_id', 'in', taskIds)
    .orderBy('user_id')
    .execute();
  for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row.user_id]);
  return byTask;
}

/** The milestones that overlap the range or hold a listed task, by start date. */
async function timelineMilestones(db: Db, projectId: number, query: TimelineReportQuery, ids: number[]) {
  const rows = await db
    .selectFrom('milestones')
    .select(MILESTONE_COLUMNS)
    .where('project_id', '=', projectId)
    .where((eb) =>
      eb.or([
        eb.and([eb('start_date', '<=', query.end_date), eb('deadline', '>=', query.start_date)]),
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
      ]),
    )
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  return rows.map(toMilestone);
}

function timelineTask(row: SpanRow, context: { timeZone: string; today: string; assignees: number[] }): TimelineTask {
  const start =
    row.start_day === BEFORE_RANGE ? minDay(dayIn(row.created_at, context.timeZone), row.end_day) : row.start_day;
  const completed = Number(row.completed) === 1;
  return {
    id: Number(row.id),
    title: row.title,
    milestone_id: row.milestone_id === null ? null : Number(row.milestone_id),
    start,
    end: row.end_day,
    deadline: row.deadline,
    completed,
    is_blocked: Number(row.is_blocked) === 1,
    blocked_reason: row.blocked_reason,
    overdue: !completed && row.deadline !== null && row.deadline < context.today,
    assignees: context.assignees,
  };
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** The tasks under their milestone's group, the groups in milestone order, the tasks of none last. */
function groupByMilestone(milestones: TimelineMilestone[], tasks: TimelineTask[]): TimelineReport['groups'] {
  const groups = milestones.map((milestone) => ({
    milestone,
    tasks: tasks.filter((task) => task.milestone_id === milestone.milestone_id),
  }));
  const loose = tasks.filter((task) => task.milestone_id === null);
  return loose.length > 0 ? [...groups, { milestone: null, tasks: loose }] : groups;
}

/** The people the listed tasks are assigned to (not every member: the chart names only them). */
async function assigneeMembers(db: Db, projectId: number, tasks: TimelineTask[]): Promise<ReportMember[]> {
  const ids = new Set(tasks.flatMap((task) => task.assignees));
  const members = await reportMembers(db, projectId, ids);
  return members.filter((member) => member.user_id !== null && ids.has(member.user_id));
}

/**
 * The gantt of a range: tasks by starting date and deadline (bars in calendar days), grouped by
 * milestone, with the milestones that overlap the range; blocked and overdue ones marked.
 */
export async function timelineReport(
  db: Db,
  projectId: number,
  context: { today: string; timeZone: string },
  query: TimelineReportQuery,
): Promise<TimelineReport> {
  const error = timelineRangeError(query.start_date, query.end_date);
  if (error) throw new AppError(error as ErrorCode);
  const spans = await timelineSpans(db, projectId, query, context.timeZone);
  const taskIds = spans.map((row) => Number(row.id));
  const milestoneIds = [...new Set(spans.flatMap((row) => (row.milestone_id === null ? [] : [row.milestone_id])))];
  const [assignees, milestones] = await Promise.all([
    assigneesOf(db, taskIds),
    timelineMilestones(db, projectId, query, milestoneIds),
  ]);
  const tasks = spans.map((row) =>
    timelineTask(row, { ...context, assignees: assignees.get(Number(row.id)) ?? [] }),
  );
  return {
    start_date: query.start_date,
    end_date: query.end_date,
    today: context.today,
    groups: groupByMilestone(milestones, tasks),
    total_tasks: Number(spans[0]?.total ?? 0),
    members: await assigneeMembers(db, projectId, tasks),
  };
}

// ---------------------------------------------------------------------------------------------
// Average task completion

interface CompletionRow {
  is_total: DbNumber;
  user_id: number | null;
  tasks: DbNumber;
  completed: DbNumber;
  average_days: DbNumber | null;
  average_checklist: DbNumber | null;
  with_checklist: DbNumber;
}

/** Days from a task's creation to its completion, in SQL (timestamps are ISO text on both dialects). */
function daysToCompleteSql(db: Db) {
  return isSqlite(db)
    ? sql`julianday(t.completed_at) - julianday(t.created_at)`
    : sql`extract(epoch from (cast(t.completed_at as timestamptz) - cast(t.created_at as timestamptz))) / 86400.0`;
}

/**
 * The completion numbers of the milestone's tasks per assignee (`user_id` null: nobody's), then
 * one totals row (`is_total` 1) counting each task once. A task's completion time runs to its
 * last completion (`completed_at` is cleared on reopening and set again on completing).
 */
async function completionRows(db: Db, projectId: number, milestoneId: number): Promise<CompletionRow[]> {
  const numbers = sql`
    count(*) as tasks,
    sum(m.completed) as completed,
    avg(m.days_to_complete) as average_days,
    avg(m.checklist_progress) as average_checklist,
    count(m.checklist_progress) as with_checklist`;
  const { rows } = await sql<CompletionRow>`
    with milestone_tasks as (
      select t.id, t.completed,
        case when t.completed = 1 and t.completed_at is not null then ${daysToCompleteSql(db)} end
          as days_to_complete,
        cast(c.done as double precision) / c.items as checklist_progress
      from tasks t
      left join (
        select i.task_id, count(*) as items, sum(case when i.status = 'done' then 1 else 0 end) as done
        from checklist_items i join tasks it on it.id = i.task_id
        where it.milestone_id = ${milestoneId} and it.project_id = ${projectId}
        group by i.task_id
      ) c on c.task_id = t.id
      where t.milestone_id = ${milestoneId} and t.project_id = ${projectId}
    )
    select 0 as is_total, a.user_id as user_id, ${numbers}
    from milestone_tasks m left join task_assignees a on a.task_id = m.id
    group by a.user_id
    union all
    select 1, null, ${numbers} from milestone_tasks m`.execute(db);
  return rows;
}

type CompletionNumbers = AverageCompletionReport['totals'];

function completionNumbers(row: CompletionRow | undefined): CompletionNumbers {
  const tasks = Number(row?.tasks ?? 0);
  const completed = Number(row?.completed ?? 0);
  const nullable = (value: DbNumber | null | undefined) => (value === null || value === undefined ? null : Number(value));
  const checklist = nullable(row?.average_checklist);
  const days = nullable(row?.average_days);
  return {
    tasks,
    completed,
    completion: tasks === 0 ? null : round4(completed / tasks),
    average_days_to_complete: days === null ? null : round2(days),
    average_checklist_progress: checklist === null ? null : round4(checklist),
    tasks_with_checklist: Number(row?.with_checklist ?? 0),
  };
}

/** Shares keep 4 decimals: 0.3333 reads as 33.33 %. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Average task completion of a milestone: how many of its tasks are completed, how long they took
 * from creation, and how far their checklists are — overall and per assignee.
 */
export async function averageCompletionReport(
  db: Db,
  projectId: number,
  milestoneId: number,
): Promise<AverageCompletionReport> {
  const milestone = await projectMilestone(db, projectId, milestoneId);
  const rows = await completionRows(db, projectId, milestoneId);
  const perUser = rows.filter((row) => Number(row.is_total) === 0);
  const byUser = new Map(perUser.map((row) => [row.user_id === null ? null : Number(row.user_id), row]));
  const userIds = [...byUser.keys()].filter((id): id is number => id !== null);
  const members = (await reportMembers(db, projectId, userIds)).filter((member) => byUser.has(member.user_id));
  const unassigned = byUser.get(null);
  return {
    milestone,
    totals: completionNumbers(rows.find((row) => Number(row.is_total) === 1)),
    rows: [
      ...members.map((member) => ({ ...member, ...completionNumbers(byUser.get(member.user_id)) })),
      ...(unassigned ? [{ ...UNASSIGNED, ...completionNumbers(unassigned) }] : []),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Estimated hours variation

interface VariationTaskRow {
  id: number;
  title: string;
  completed: number;
  expected_hours: DbNumber | null;
  reported_hours: DbNumber | null;
}

/** The milestone's tasks with the sum of the hours logged on each (hours rows, not `total_hours`). */
async function variationTaskRows(db: Db, projectId: number, milestoneId: number): Promise<VariationTaskRow[]> {
  const { rows } = await sql<VariationTaskRow>`
    select t.id, t.title, t.completed, t.expected_hours, h.hours as reported_hours
    from tasks t
    left join (
      select h.task_id, sum(h.hours) as hours
      from hours h join tasks ht on ht.id = h.task_id
      where ht.milestone_id = ${milestoneId} and ht.project_id = ${projectId}
      group by h.task_id
    ) h on h.task_id = t.id
    where t.milestone_id = ${milestoneId} and t.project_id = ${projectId}`.execute(db);
  return rows;
}

interface MemberHoursRow {
  user_id: number | null;
  hours: DbNumber | null;
}

/**
 * Per assignee, the expected hours of the milestone's tasks assigned to them, a task's estimate
 * split equally among its assignees (`user_id` null: the tasks nobody is assigned to).
 */
async function expectedPerMember(db: Db, projectId: number, milestoneId: number): Promise<MemberHoursRow[]> {
  const { rows } = await sql<MemberHoursRow>`
    with estimated as (
      select t.id, cast(t.expected_hours as double precision) as expected_hours,
        (select count(*) from task_assignees c where c.task_id = t.id) as assignees
      from tasks t
      where t.milestone_id = ${milestoneId} and t.project_id = ${projectId} and t.expected_hours is not null
    )
    select a.user_id as user_id,
      sum(e.expected_hours / case when e.assignees = 0 then 1 else e.assignees end) as hours
    from estimated e left join task_assignees a on a.task_id = e.id
    group by a.user_id`.execute(db);
  return rows;
}

/** Per member, the hours they logged on the milestone's tasks (whoever the tasks are assigned to). */
async function reportedPerMember(db: Db, projectId: number, milestoneId: number): Promise<MemberHoursRow[]> {
  return db
    .selectFrom('hours')
    .innerJoin('tasks', 'tasks.id', 'hours.task_id')
    .select((eb) => ['hours.user_id as user_id', eb.fn.sum<DbNumber>('hours.hours').as('hours')])
    .where('tasks.milestone_id', '=', milestoneId)
    .where('tasks.project_id', '=', projectId)
    .groupBy('hours.user_id')
    .execute();
}

function variationTask(row: VariationTaskRow): HoursVariationTask {
  const expected = row.expected_hours === null ? null : round2(Number(row.expected_hours));
  const reported = round2(Number(row.reported_hours ?? 0));
  const variation = expected === null ? null : round2(reported - expected);
  return {
    id: Number(row.id),
    title: row.title,
    completed: Number(row.completed) === 1,
    expected_hours: expected,
    reported_hours: reported,
    variation,
    variation_share: variation === null || expected === 0 || expected === null ? null : round4(variation / expected),
  };
}

/** Largest |variation| first; tasks with no estimate (no variation) last; then by id. */
function byVariation(a: HoursVariationTask, b: HoursVariationTask): number {
  const size = (task: HoursVariationTask) => (task.variation === null ? -1 : Math.abs(task.variation));
  return size(b) - size(a) || a.id - b.id;
}

const hoursMap = (rows: MemberHoursRow[]) =>
  new Map(rows.map((row) => [row.user_id === null ? null : Number(row.user_id), Number(row.hours ?? 0)]));

const variationNumbers = (expected: number, reported: number) => ({
  expected_hours: round2(expected),
  reported_hours: round2(reported),
  variation: round2(reported - expected),
});

/**
 * Estimated hours variation of a milestone: per task, its estimate against the hours logged on it;
 * per member, the estimates of their tasks (shared equally among assignees) against the hours they
 * logged on the milestone's tasks; and the totals.
 */
export async function hoursVariationReport(
  db: Db,
  projectId: number,
  milestoneId: number,
): Promise<HoursVariationReport> {
  const milestone = await projectMilestone(db, projectId, milestoneId);
  const [taskRows, expectedRows, reportedRows] = await Promise.all([
    variationTaskRows(db, projectId, milestoneId),
    expectedPerMember(db, projectId, milestoneId),
    reportedPerMember(db, projectId, milestoneId),
  ]);
  const tasks = taskRows.map(variationTask).sort(byVariation);
  const expected = hoursMap(expectedRows);
  const reported = hoursMap(reportedRows);
  const userIds = [...expected.keys(), ...reported.keys()].filter((id): id is number => id !== null);
  const people = (await reportMembers(db, projectId, userIds)).filter(
    (member) => expected.has(member.user_id) || reported.has(member.user_id),
  );
  const unassigned = expected.get(null);
  const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);
  return {
    milestone,
    tasks,
    members: [
      ...people.map((member) => ({
        ...member,
        ...variationNumbers(expected.get(member.user_id) ?? 0, reported.get(member.user_id) ?? 0),
      })),
      ...(unassigned === undefined ? [] : [{ ...UNASSIGNED, ...variationNumbers(unassigned, 0) }]),
    ],
    totals: variationNumbers(
      sum(tasks.map((task) => task.expected_hours ?? 0)),
      sum(tasks.map((task) => task.reported_hours)),
    ),
  };
}
