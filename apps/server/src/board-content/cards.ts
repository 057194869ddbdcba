import { TaskSummarySchema, type TaskDetail, type TaskSummary } from '@teamboard/contract';
import type { Db } from '../db/database.js';
import { loadRelatedOfTasks, push, type Related } from './card-related.js';
import type { TaskRow } from './lookups.js';

/** The columns a card (TaskSummary) shows: better-sqlite3 builds each row object column by column. */
export const CARD_COLUMNS = [
  'id',
  'title',
  'position',
  'is_archived',
  'completed',
  'completed_at',
  'column_id',
  'total_hours',
  'priority',
  'deadline',
  'milestone_id',
  'is_blocked',
] as const;
export type CardRow = Pick<TaskRow, (typeof CARD_COLUMNS)[number]>;

export function findCardById(db: Db, id: number): Promise<CardRow | undefined> {
  return db.selectFrom('tasks').select(CARD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Which tasks to load: a board's (archived or not) or an explicit list. */
export type TaskScope = { boardId: number; archived: boolean } | { taskIds: number[] };

function taskIds(db: Db, scope: TaskScope) {
  if ('taskIds' in scope) return scope.taskIds;
  return db
    .selectFrom('tasks')
    .select('tasks.id')
    .where('tasks.board_id', '=', scope.boardId)
    .where('tasks.is_archived', '=', scope.archived ? 1 : 0);
}

/**
 * What the cards need beside the task rows: one query per related table for the whole scope,
 * never one per task (a 2,000-task board is ten queries).
 */
async function loadRelated(db: Db, scope: TaskScope): Promise<Related> {
  if ('taskIds' in scope) return loadRelatedOfTasks(db, scope.taskIds);
  const ids = taskIds(db, scope);
  const [assignees, labels, checklist, comments, attachments, commits] = await Promise.all([
    db
      .selectFrom('task_assignees')
      .select(['task_id', 'user_id'])
      .where('task_id', 'in', ids)
      .orderBy('user_id')
      .execute(),
    db
      .selectFrom('task_labels')
      .select(['task_id', 'label_id'])
      .where('task_id', 'in', ids)
      .orderBy('label_id')
      .execute(),
    db
      .selectFrom('checklist_items')
      .select((eb) => [
        'task_id',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.sum<number | string>(eb.case().when('status', '=', 'done').then(1).else(0).end()).as('done'),
      ])
      .where('task_id', 'in', ids)
      .groupBy('task_id')
      .execute(),
    db
      .selectFrom('comments')
      .select((eb) => ['task_id', eb.fn.countAll<number | string>().as('count')])
      .where('task_id', 'in', ids)
      .groupBy('task_id')
      .execute(),
    db
      .selectFrom('attachments')
      .select((eb) => ['task_id', eb.fn.countAll<number | string>().as('count')])
      .where('task_id', 'in', ids)
      .groupBy('task_id')
      .execute(),
    db
      // The card shows the latest linked commit: later rows overwrite earlier ones in the map below.
      .selectFrom('task_commits')
      .select(['id', 'task_id', 'message', 'url'])
      .where('task_id', 'in', ids)
      .where('removed', '=', 0)
      .orderBy('id')
      .execute(),
  ]);
  const related: Related = {
    assignees: new Map(),
    labels: new Map(),
    checklist: new Map(checklist.map((r) => [r.task_id, { total: Number(r.total), done: Number(r.done) }])),
    comments: new Map(comments.map((r) => [r.task_id, Number(r.count)])),
    attachments: new Map(attachments.map((r) => [r.task_id, Number(r.count)])),
    commits: new Map(commits.map((r) => [r.task_id, { id: r.id, message: r.message, url: r.url ?? '' }])),
  };
  for (const row of assignees) push(related.assignees, row.task_id, row.user_id);
  for (const row of labels) push(related.labels, row.task_id, row.label_id);
  return related;
}

/** A card from its task row and what loadRelated found for it. */
export function toSummary(row: CardRow, related: Related): TaskSummary {
  const checklist = related.checklist.get(row.id);
  return {
    id: row.id,
    title: row.title,
    position: row.position,
    is_archived: row.is_archived === 1,
    completed: row.completed === 1,
    completed_at: row.completed_at,
    labels: related.labels.get(row.id) ?? [],
    assigned: related.assignees.get(row.id) ?? [],
    column_id: row.column_id,
    total_hours: Number(row.total_hours),
    priority: row.priority,
    deadline: row.deadline,
    milestone_id: row.milestone_id,
    is_blocked: row.is_blocked === 1,
    checklist_total: checklist?.total ?? 0,
    checklist_done: checklist?.done ?? 0,
    comments_count: related.comments.get(row.id) ?? 0,
    attachments_count: related.attachments.get(row.id) ?? 0,
    commit: related.commits.get(row.id) ?? null,
  };
}

/** Cards for `rows`, which must be exactly the tasks of `scope`. */
export async function toSummaries(db: Db, rows: CardRow[], scope: TaskScope): Promise<TaskSummary[]> {
  if (rows.length === 0) return [];
  const related = await loadRelated(db, scope);
  return rows.map((row) => toSummary(row, related));
}

export async function toDetail(db: Db, row: TaskRow): Promise<TaskDetail> {
  const [summary] = await toSummaries(db, [row], { taskIds: [row.id] });
  return toDetailOf(row, summary as TaskSummary);
}

/** Every column a task detail shows (toDetailOf reads no other), in a fixed order. */
export const DETAIL_COLUMNS = [
  ...CARD_COLUMNS,
  'description',
  'starting_date',
  'expected_hours',
  'blocked_reason',
  'board_id',
  'project_id',
  'created_by',
  'created_at',
  'updated_at',
] as const;
type DetailRow = Pick<TaskRow, (typeof DETAIL_COLUMNS)[number]>;

/** A task detail: its card and the fields only the detail shows. */
export function toDetailOf(row: DetailRow, summary: TaskSummary): TaskDetail {
  return {
    ...summary,
    description: row.description,
    starting_date: row.starting_date,
    expected_hours: row.expected_hours === null ? null : Number(row.expected_hours),
    blocked_reason: row.blocked_reason,
    board_id: row.board_id,
    project_id: row.project_id,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const CARD_KEYS = Object.keys(TaskSummarySchema.shape) as (keyof TaskSummary)[];

/** The card part of a task detail (what a real-time event carries). */
export function toCard(task: TaskSummary): TaskSummary {
  const card: Record<string, unknown> = {};
  for (const key of CARD_KEYS) card[key] = task[key];
  return card as unknown as TaskSummary;
}

/** One task's card as the board shows it now (for events of features that change what it counts). */
export async function cardOf(db: Db, row: CardRow): Promise<TaskSummary> {
  const [card] = await toSummaries(db, [row], { taskIds: [row.id] });
  return card as TaskSummary;
}
