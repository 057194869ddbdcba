import type { HoursVariationReport, HoursVariationTask } from '@teamboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { projectMilestone, round4, UNASSIGNED, type DbNumber } from './plan-report-parts.js';
import { round2 } from '../../lib/numbers.js';
import { reportMembers } from './report-members.js';

interface VariationTaskRow {
  id: number;
  title: string;
  completed: number;
  expected_hours: DbNumber | null;
  reported_hours: DbNumber | null;
}

/** The milestone's tasks with the sum of the hours logged on each (hours rows, not `total_hours`). */
async function variationTaskRows(
  db: Db,
  projectId: number,
  milestoneId: number,
): Promise<VariationTaskRow[]> {
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
    variation_share:
      variation === null || expected === 0 || expected === null ? null : round4(variation / expected),
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
