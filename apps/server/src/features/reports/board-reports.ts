import {
  taskProgressRangeError,
  type ErrorCode,
  type ReportMember,
  type TaskProgressReport,
  type TaskProgressReportQuery,
  type WorkloadReport,
  type WorkloadReportQuery,
} from '@teamboard/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { round2 } from '../../lib/numbers.js';
import { localDays, localDaysSql } from '../../lib/zone-days.js';
import { reportMembers } from './report-members.js';
import { checkRange } from './report-range.js';

/** A board of the project, or 404: a board of another project is as unknown as a missing one. */
async function checkBoard(db: Db, projectId: number, boardId: number): Promise<void> {
  const board = await db
    .selectFrom('boards')
    .select('id')
    .where('id', '=', boardId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!board) throw new AppError('NOT_FOUND');
}

type WorkloadNumbers = WorkloadReport['totals'];

interface OpenTaskRow {
  is_total: number | string;
  user_id: number | null;
  open_tasks: number | string;
  due_in_range: number | string | null;
  overdue: number | string | null;
  expected_hours: number | string | null;
}

/**
 * Open tasks (neither completed nor archived) per assignee, with `user_id` null for the unassigned
 * ones, then one totals row (`is_total` 1) counting each task once. A task's expected hours are
 * split equally among its assignees, so the rows add up to the total instead of counting the same
 * estimate twice.
 */
async function openTaskRows(
  db: Db,
  projectId: number,
  query: WorkloadReportQuery,
  today: string,
): Promise<OpenTaskRow[]> {
  const onBoard = query.board_id === undefined ? sql`` : sql`and t.board_id = ${query.board_id}`;
  const numbers = (share: RawBuilder<unknown>) => sql`
    count(*) as open_tasks,
    sum(case when o.deadline >= ${query.start_date} and o.deadline <= ${query.end_date} then 1 else 0 end)
      as due_in_range,
    sum(case when o.deadline < ${today} then 1 else 0 end) as overdue,
    sum(${share}) as expected_hours`;
  const { rows } = await sql<OpenTaskRow>`
    with open_tasks as (
      select t.id, t.deadline, cast(coalesce(t.expected_hours, 0) as double precision) as expected_hours,
        (select count(*) from task_assignees c where c.task_id = t.id) as assignees
      from tasks t
      where t.project_id = ${projectId} and t.completed = 0 and t.is_archived = 0 ${onBoard}
    )
    select 0 as is_total, a.user_id as user_id,
      ${numbers(sql`o.expected_hours / case when o.assignees = 0 then 1 else o.assignees end`)}
    from open_tasks o left join task_assignees a on a.task_id = o.id
    group by a.user_id
    union all
    select 1, null, ${numbers(sql`o.expected_hours`)}
    from open_tasks o`.execute(db);
  return rows;
}

/** Hours logged in the range per member (by the hours' calendar date), on the board's tasks if one is chosen. */
async function reportedHours(
  db: Db,
  projectId: number,
  query: WorkloadReportQuery,
): Promise<Map<number, number>> {
  let select = db
    .selectFrom('hours')
    .select((eb) => ['hours.user_id', eb.fn.sum<number | string>('hours.hours').as('hours')])
    .where('hours.project_id', '=', projectId)
    .where('hours.date', '>=', query.start_date)
    .where('hours.date', '<=', query.end_date)
    .groupBy('hours.user_id');
  if (query.board_id !== undefined) {
    select = select
      .innerJoin('tasks', 'tasks.id', 'hours.task_id')
      .where('tasks.board_id', '=', query.board_id);
  }
  const rows = await select.execute();
  return new Map(rows.map((row) => [row.user_id, round2(Number(row.hours))]));
}

function workloadNumbers(row: OpenTaskRow | undefined, reported: number): WorkloadNumbers {
  return {
    open_tasks: Number(row?.open_tasks ?? 0),
    due_in_range: Number(row?.due_in_range ?? 0),
    overdue: Number(row?.overdue ?? 0),
    expected_hours: round2(Number(row?.expected_hours ?? 0)),
    reported_hours: reported,
  };
}

const hasWork = (numbers: WorkloadNumbers) => numbers.open_tasks > 0 || numbers.reported_hours !== 0;

/**
 * Workload per member: open tasks assigned to them, of those the ones due in the range and the
 * overdue ones (deadline before `today`, the project's day), their expected hours, and the hours
 * they logged in the range. Every member is listed, busy or not; someone who left only when they
 * still have open tasks or hours.
 */
export async function workloadReport(
  db: Db,
  projectId: number,
  today: string,
  query: WorkloadReportQuery,
): Promise<WorkloadReport> {
  checkRange(query.start_date, query.end_date);
  if (query.board_id !== undefined) await checkBoard(db, projectId, query.board_id);
  const [taskRows, hours] = await Promise.all([
    openTaskRows(db, projectId, query, today),
    reportedHours(db, projectId, query),
  ]);
  const byUser = new Map(
    taskRows.filter((row) => Number(row.is_total) === 0).map((row) => [row.user_id, row]),
  );
  const userIds = [...byUser.keys(), ...hours.keys()].filter((id): id is number => id !== null);
  const memberRows = (await reportMembers(db, projectId, userIds))
    .map((member) => ({
      ...member,
      ...workloadNumbers(byUser.get(member.user_id), hours.get(member.user_id!) ?? 0),
    }))
    .filter((row) => row.is_member || hasWork(row));
  const unassigned: ReportMember = { user_id: null, name: '', is_member: false };
  const unassignedRow = { ...unassigned, ...workloadNumbers(byUser.get(null), 0) };
  const totalRow = taskRows.find((row) => Number(row.is_total) === 1);
  return {
    start_date: query.start_date,
    end_date: query.end_date,
    today,
    board_id: query.board_id ?? null,
    rows: unassignedRow.open_tasks > 0 ? [...memberRows, unassignedRow] : memberRows,
    totals: workloadNumbers(totalRow, round2([...hours.values()].reduce((sum, value) => sum + value, 0))),
  };
}

interface FlowRow {
  /** null: before the range's first day (the balance it starts from). */
  day: string | null;
  name: string | null;
  delta: number | string;
}

/**
 * The net number of tasks entering each column name per day of the range, and the balance before
 * it (`day` null), read from the task log. A task is in its first column from its creation (the
 * `old_value` of its first 'moved' entry, in log order, or its column now if it never moved), then
 * in each move's `new_value`. Its last place is its column now under its current name, so a rename
 * after its last move does not drop it from its column. Each place adds 1 to its column when it
 * starts and takes 1 from the previous place's column at the same instant (`lag`), so a renamed
 * column can never go negative. The range's day boundaries are merged into its events and
 * `max(day)` over that timeline dates each event: an as-of join, one sort, instead of comparing
 * every event with every day.
 */
async function flowRows(db: Db, boardId: number, days: ReturnType<typeof localDays>): Promise<FlowRow[]> {
  const { rows } = await sql<FlowRow>`
    with days(day, from_at, before_at) as (${localDaysSql(days)}),
    places as (
      select t.id as task_id, t.created_at as at, 0 as seq, c.name as current_name,
        coalesce((select m.old_value from task_logs m where m.task_id = t.id and m.field = 'moved'
          order by m.id limit 1), c.name) as name
      from tasks t join columns c on c.id = t.column_id
      where t.board_id = ${boardId}
      union all
      select m.task_id, m.created_at, m.id, c.name, m.new_value
      from task_logs m join tasks t on t.id = m.task_id join columns c on c.id = t.column_id
      where t.board_id = ${boardId} and m.field = 'moved'
    ),
    moves as (
      select at,
        case when lead(seq) over (partition by task_id order by at, seq) is null then current_name else name end
          as name,
        lag(name) over (partition by task_id order by at, seq) as previous
      from places
    ),
    events as (
      select at, name, 1 as delta from moves
      union all
      select at, previous, -1 from moves where previous is not null
    ),
    timeline as (
      select cast(from_at as text) as at, 0 as kind, cast(day as text) as day, cast(null as text) as name, 0 as delta
      from days
      union all
      select at, 1, null, name, delta from events where at >= ${days[0]!.from} and at < ${days.at(-1)!.before}
    ),
    dated as (
      select kind, name, delta, max(day) over (order by at, kind rows between unbounded preceding and current row) as day
      from timeline
    )
    select cast(null as text) as day, name, sum(delta) as delta from events where at < ${days[0]!.from} group by name
    union all
    select day, name, sum(delta) as delta from dated where kind = 1 group by day, name`.execute(db);
  return rows;
}

/**
 * Tasks per column at the end of each day of the range (the cumulative flow diagram) on one board.
 * Columns are the board's current ones in board order; a name that is no longer a column (renamed
 * or deleted since) counts as "Other". Deleted tasks are gone from it (their log goes with them);
 * archived tasks stay in the column they were archived in. Completion is not a band of its own:
 * the columns are the flow.
 */
export async function taskProgressReport(
  db: Db,
  projectId: number,
  timeZone: string,
  query: TaskProgressReportQuery,
): Promise<TaskProgressReport> {
  const { start_date, end_date, board_id } = query;
  const error = taskProgressRangeError(start_date, end_date);
  if (error) throw new AppError(error as ErrorCode);
  await checkBoard(db, projectId, board_id);
  const columns = await db
    .selectFrom('columns')
    .select(['id', 'name'])
    .where('board_id', '=', board_id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const days = localDays(start_date, end_date, timeZone);
  const rows = await flowRows(db, board_id, days);
  const counts = columnCounts(
    columns.map((column) => column.name),
    days.map((d) => d.day),
    rows,
  );
  const hasOther = counts.some((day) => day.at(-1) !== 0);
  return {
    start_date,
    end_date,
    board_id,
    columns: [
      ...columns.map((column) => ({ column_id: column.id, name: column.name })),
      ...(hasOther ? [{ column_id: null, name: '' }] : []),
    ],
    days: days.map((d, index) => ({
      day: d.day,
      counts: hasOther ? counts[index]! : counts[index]!.slice(0, -1),
    })),
  };
}

/**
 * Prefix sums of the per-day changes: each day's count per column (the board's columns, then
 * "Other" last). Two columns with the same name share their history: the log names them alike,
 * so it goes to the first one.
 */
function columnCounts(names: string[], days: string[], rows: FlowRow[]): number[][] {
  const other = names.length;
  const indexOf = (name: string | null) => {
    const index = name === null ? -1 : names.indexOf(name);
    return index === -1 ? other : index;
  };
  const balance = new Array<number>(names.length + 1).fill(0);
  const changes = new Map<string, FlowRow[]>();
  for (const row of rows) {
    if (row.day === null) balance[indexOf(row.name)]! += Number(row.delta);
    else changes.set(String(row.day), [...(changes.get(String(row.day)) ?? []), row]);
  }
  return days.map((day) => {
    for (const row of changes.get(day) ?? []) balance[indexOf(row.name)]! += Number(row.delta);
    return [...balance];
  });
}
