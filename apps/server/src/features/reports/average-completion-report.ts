import type { AverageCompletionReport } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import { projectMilestone, round4, UNASSIGNED, type DbNumber } from './plan-report-parts.js';
import { round2 } from '../../lib/numbers.js';
import { reportMembers } from './report-members.js';

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
  const nullable = (value: DbNumber | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
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
  const members = (await reportMembers(db, projectId, userIds)).filter((member) =>
    byUser.has(member.user_id),
  );
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
