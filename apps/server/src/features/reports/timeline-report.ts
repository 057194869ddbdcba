import {
  TIMELINE_MAX_TASKS,
  timelineRangeError,
  type ErrorCode,
  type ReportMember,
  type TimelineMilestone,
  type TimelineReport,
  type TimelineReportQuery,
  type TimelineTask,
} from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { MILESTONE_COLUMNS, toMilestone, type DbNumber } from './plan-report-parts.js';
import { dayIn, localDays, localDaysSql } from '../../lib/zone-days.js';
import { reportMembers } from './report-members.js';

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

function timelineTask(
  row: SpanRow,
  context: { timeZone: string; today: string; assignees: number[] },
): TimelineTask {
  const start =
    row.start_day === BEFORE_RANGE
      ? minDay(dayIn(row.created_at, context.timeZone), row.end_day)
      : row.start_day;
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
  const milestoneIds = [
    ...new Set(spans.flatMap((row) => (row.milestone_id === null ? [] : [row.milestone_id]))),
  ];
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
