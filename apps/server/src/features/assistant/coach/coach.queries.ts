import type { TaskPriority } from '@teamboard/contract';
import type { Db } from '../../../db/database.js';

/**
 * What the coach reads of one project. Every query names the project: the caller checked that the
 * asker may view it, and nothing of another project may leak into an answer.
 */

export interface CoachProject {
  id: number;
  name: string;
  time_zone: string | null;
}

export interface Person {
  id: number;
  name: string;
}

/** An open task (neither completed nor archived) with what the answers say about it. */
export interface OpenTask {
  id: number;
  title: string;
  deadline: string | null;
  priority: TaskPriority | null;
  expected_hours: number | null;
  is_blocked: boolean;
  blocked_reason: string | null;
  column_name: string;
  label_names: string[];
  assignees: Person[];
  /** Board order: the board's, the column's and the task's positions. */
  order: [number, number, number];
}

export interface TaskRef {
  id: number;
  title: string;
}

export function findProject(db: Db, projectId: number): Promise<CoachProject | undefined> {
  return db
    .selectFrom('projects')
    .select(['id', 'name', 'time_zone'])
    .where('id', '=', projectId)
    .executeTakeFirst();
}

function openTaskIds(db: Db, projectId: number) {
  return db
    .selectFrom('tasks')
    .select('id')
    .where('project_id', '=', projectId)
    .where('completed', '=', 0)
    .where('is_archived', '=', 0);
}

/** The project's open tasks in board order, with their column, labels and assignees. */
export async function openTasks(db: Db, projectId: number): Promise<OpenTask[]> {
  const [rows, labels, assignees] = await Promise.all([
    db
      .selectFrom('tasks')
      .innerJoin('columns', 'columns.id', 'tasks.column_id')
      .innerJoin('boards', 'boards.id', 'tasks.board_id')
      .select([
        'tasks.id',
        'tasks.title',
        'tasks.deadline',
        'tasks.priority',
        'tasks.expected_hours',
        'tasks.is_blocked',
        'tasks.blocked_reason',
        'tasks.position',
        'columns.name as column_name',
        'columns.position as column_position',
        'boards.position as board_position',
      ])
      .where('tasks.id', 'in', openTaskIds(db, projectId))
      .orderBy('boards.position')
      .orderBy('columns.position')
      .orderBy('tasks.position')
      .orderBy('tasks.id')
      .execute(),
    db
      .selectFrom('task_labels')
      .innerJoin('labels', 'labels.id', 'task_labels.label_id')
      .select(['task_labels.task_id', 'labels.name'])
      .where('task_labels.task_id', 'in', openTaskIds(db, projectId))
      .execute(),
    db
      .selectFrom('task_assignees')
      .innerJoin('users', 'users.id', 'task_assignees.user_id')
      .select(['task_assignees.task_id', 'users.id', 'users.name'])
      .where('task_assignees.task_id', 'in', openTaskIds(db, projectId))
      .execute(),
  ]);
  const labelsOf = groupBy(labels, (row) => row.task_id);
  const assigneesOf = groupBy(assignees, (row) => row.task_id);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    deadline: row.deadline,
    priority: row.priority,
    expected_hours: row.expected_hours === null ? null : Number(row.expected_hours),
    is_blocked: row.is_blocked === 1,
    blocked_reason: row.blocked_reason,
    column_name: row.column_name,
    label_names: (labelsOf.get(row.id) ?? []).map((label) => label.name).sort(byText),
    assignees: peopleOf(assigneesOf.get(row.id)),
    order: [Number(row.board_position), Number(row.column_position), Number(row.position)],
  }));
}

/**
 * Names are ordered here, not in SQL: SQLite compares bytes and PostgreSQL its collation, and an
 * answer must read the same on both.
 */
const byText = (a: string, b: string) => a.localeCompare(b, 'en');
const byName = (a: Person, b: Person) => byText(a.name, b.name) || a.id - b.id;

function peopleOf(rows: { id: number; name: string }[] = []): Person[] {
  return rows.map((row) => ({ id: row.id, name: row.name })).sort(byName);
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** The people who do the project's work (owners and members; viewers only watch), by name. */
export async function workingMembers(db: Db, projectId: number): Promise<Person[]> {
  const rows = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select(['users.id', 'users.name'])
    .where('project_members.project_id', '=', projectId)
    .where('project_members.role', 'in', ['owner', 'member'])
    .execute();
  return peopleOf(rows);
}

export interface MilestoneFacts {
  id: number;
  name: string;
  start_date: string;
  deadline: string;
  sprint: boolean;
}

/**
 * The milestone running on `today` (start ≤ today ≤ deadline): a sprint before other milestones,
 * then the one ending first; else the next one to start, marked `running: false`.
 */
export async function currentMilestone(
  db: Db,
  projectId: number,
  today: string,
): Promise<(MilestoneFacts & { running: boolean }) | undefined> {
  const base = db
    .selectFrom('milestones')
    .select(['id', 'name', 'start_date', 'deadline', 'sprint'])
    .where('project_id', '=', projectId);
  const running = await base
    .where('start_date', '<=', today)
    .where('deadline', '>=', today)
    .orderBy('sprint', 'desc')
    .orderBy('deadline')
    .orderBy('id')
    .executeTakeFirst();
  const found =
    running ??
    (await base.where('start_date', '>', today).orderBy('start_date').orderBy('id').executeTakeFirst());
  return found && { ...found, sprint: found.sprint === 1, running: running !== undefined };
}

export interface MilestoneTask extends TaskRef {
  deadline: string | null;
  completed: boolean;
  expected_hours: number;
  assignees: Person[];
}

/** The milestone's tasks, soonest due first, except archived ones never completed (dropped, nobody's work now). */
export async function milestoneTasks(db: Db, milestoneId: number): Promise<MilestoneTask[]> {
  const scope = db
    .selectFrom('tasks')
    .select('id')
    .where('milestone_id', '=', milestoneId)
    .where((eb) => eb.or([eb('is_archived', '=', 0), eb('completed', '=', 1)]));
  const [rows, assignees] = await Promise.all([
    db
      .selectFrom('tasks')
      .select(['id', 'title', 'deadline', 'completed', 'expected_hours'])
      .where('id', 'in', scope)
      .execute(),
    db
      .selectFrom('task_assignees')
      .innerJoin('users', 'users.id', 'task_assignees.user_id')
      .select(['task_assignees.task_id', 'users.id', 'users.name'])
      .where('task_assignees.task_id', 'in', scope)
      .execute(),
  ]);
  const assigneesOf = groupBy(assignees, (row) => row.task_id);
  // Soonest due first, undated last (the dialects disagree on where nulls sort), then by id.
  const byDeadline = (a: MilestoneTask, b: MilestoneTask) =>
    (a.deadline ?? '9999') < (b.deadline ?? '9999') ? -1 : a.deadline === b.deadline ? a.id - b.id : 1;
  return rows
    .map((row) => ({
      id: row.id,
      title: row.title,
      deadline: row.deadline,
      completed: row.completed === 1,
      expected_hours: Number(row.expected_hours ?? 0),
      assignees: peopleOf(assigneesOf.get(row.id)),
    }))
    .sort(byDeadline);
}

/** A span of instants (UTC ISO text, as stored) and of calendar days (YYYY-MM-DD), both inclusive-exclusive / inclusive. */
export interface WeekSpan {
  from: string;
  before: string;
  firstDay: string;
  lastDay: string;
}

/** The task-log entries the user wrote in the span for `field` ('completed' → true, or 'moved'), oldest first. */
export function userLogEntries(
  db: Db,
  projectId: number,
  userId: number,
  week: WeekSpan,
  field: 'completed' | 'moved',
) {
  let query = db
    .selectFrom('task_logs')
    .innerJoin('tasks', 'tasks.id', 'task_logs.task_id')
    .select(['tasks.id', 'tasks.title', 'tasks.completed', 'task_logs.new_value', 'task_logs.created_at'])
    .where('tasks.project_id', '=', projectId)
    .where('task_logs.user_id', '=', userId)
    .where('task_logs.field', '=', field)
    .where('task_logs.created_at', '>=', week.from)
    .where('task_logs.created_at', '<', week.before);
  if (field === 'completed') query = query.where('task_logs.new_value', '=', 'true');
  return query.orderBy('task_logs.created_at').orderBy('task_logs.id').execute();
}

/** The user's hour entries dated in the span's days, on the project's tasks. */
export async function userHours(db: Db, projectId: number, userId: number, week: WeekSpan) {
  const rows = await db
    .selectFrom('hours')
    .innerJoin('tasks', 'tasks.id', 'hours.task_id')
    .select(['tasks.id', 'tasks.title', 'hours.hours'])
    .where('hours.project_id', '=', projectId)
    .where('tasks.project_id', '=', projectId)
    .where('hours.user_id', '=', userId)
    .where('hours.date', '>=', week.firstDay)
    .where('hours.date', '<=', week.lastDay)
    .orderBy('hours.date')
    .orderBy('hours.id')
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, hours: Number(row.hours) }));
}

/** The comments the user wrote in the span on the project's tasks, oldest first. */
export function userComments(db: Db, projectId: number, userId: number, week: WeekSpan): Promise<TaskRef[]> {
  return db
    .selectFrom('comments')
    .innerJoin('tasks', 'tasks.id', 'comments.task_id')
    .select(['tasks.id', 'tasks.title'])
    .where('tasks.project_id', '=', projectId)
    .where('comments.user_id', '=', userId)
    .where('comments.created_at', '>=', week.from)
    .where('comments.created_at', '<', week.before)
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    .execute();
}
