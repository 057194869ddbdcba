import type { Db } from '../../db/database.js';
import type { MilestoneSnapshotRow } from './milestone-snapshots.table.js';

/** The columns a list of snapshots shows (the body stays in the database until one is opened). */
const SUMMARY_COLUMNS = [
  'id',
  'milestone_id',
  'project_id',
  'milestone_name',
  'deadline',
  'taken_at',
  'source',
] as const;
export type SnapshotSummaryRow = Pick<MilestoneSnapshotRow, (typeof SUMMARY_COLUMNS)[number]>;

export function listProjectSnapshots(db: Db, projectId: number): Promise<SnapshotSummaryRow[]> {
  return db
    .selectFrom('milestone_snapshots')
    .select(SUMMARY_COLUMNS)
    .where('project_id', '=', projectId)
    .orderBy('deadline', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listMilestoneSnapshots(db: Db, milestoneId: number): Promise<SnapshotSummaryRow[]> {
  return db
    .selectFrom('milestone_snapshots')
    .select(SUMMARY_COLUMNS)
    .where('milestone_id', '=', milestoneId)
    .orderBy('deadline', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findSnapshot(
  db: Db,
  projectId: number,
  id: number,
): Promise<MilestoneSnapshotRow | undefined> {
  return db
    .selectFrom('milestone_snapshots')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export async function hasSnapshot(db: Db, milestoneId: number, deadline: string): Promise<boolean> {
  const row = await db
    .selectFrom('milestone_snapshots')
    .select('id')
    .where('milestone_id', '=', milestoneId)
    .where('deadline', '=', deadline)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the snapshot unless one of the milestone and deadline is there already; its id, or undefined. */
export async function insertSnapshot(
  db: Db,
  row: Omit<MilestoneSnapshotRow, 'id'>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('milestone_snapshots')
    .values(row)
    .onConflict((conflict) => conflict.columns(['milestone_id', 'deadline']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

// The facts a snapshot freezes, each read with the milestone's id in the query (no id lists).

export function projectBoards(db: Db, projectId: number) {
  return db
    .selectFrom('boards')
    .leftJoin('columns', 'columns.board_id', 'boards.id')
    .select([
      'boards.id as board_id',
      'boards.name as board_name',
      'columns.id as column_id',
      'columns.name as column_name',
    ])
    .where('boards.project_id', '=', projectId)
    .orderBy('boards.position')
    .orderBy('boards.id')
    .orderBy('columns.position')
    .orderBy('columns.id')
    .execute();
}

/** How many tasks each column holds on the board (archived ones are off it). */
export function columnTaskCounts(db: Db, projectId: number) {
  return db
    .selectFrom('tasks')
    .select((eb) => ['column_id', eb.fn.countAll<number | string>().as('count')])
    .where('project_id', '=', projectId)
    .where('is_archived', '=', 0)
    .groupBy('column_id')
    .execute();
}

export function milestoneTasks(db: Db, milestoneId: number) {
  return db
    .selectFrom('tasks')
    .select([
      'id',
      'column_id',
      'title',
      'completed',
      'completed_at',
      'expected_hours',
      'is_archived',
      'position',
    ])
    .where('milestone_id', '=', milestoneId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function milestoneAssignees(db: Db, milestoneId: number) {
  return db
    .selectFrom('task_assignees')
    .innerJoin('tasks', 'tasks.id', 'task_assignees.task_id')
    .innerJoin('users', 'users.id', 'task_assignees.user_id')
    .select(['task_assignees.task_id', 'users.id as user_id', 'users.name'])
    .where('tasks.milestone_id', '=', milestoneId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

export function milestoneLabels(db: Db, milestoneId: number) {
  return db
    .selectFrom('task_labels')
    .innerJoin('tasks', 'tasks.id', 'task_labels.task_id')
    .innerJoin('labels', 'labels.id', 'task_labels.label_id')
    .select(['task_labels.task_id', 'labels.id', 'labels.name', 'labels.color'])
    .where('tasks.milestone_id', '=', milestoneId)
    .orderBy('labels.name')
    .orderBy('labels.id')
    .execute();
}

/** Hours per member and task in the days `from`..`to`, with whether the task is the milestone's. */
export function hoursInDays(db: Db, projectId: number, milestoneId: number, from: string, to: string) {
  return db
    .selectFrom('hours')
    .innerJoin('tasks', 'tasks.id', 'hours.task_id')
    .select((eb) => [
      'hours.user_id',
      'hours.task_id',
      'tasks.title',
      eb.case().when('tasks.milestone_id', '=', milestoneId).then(1).else(0).end().as('in_milestone'),
      eb.fn.sum<number | string>('hours.hours').as('hours'),
    ])
    .where('hours.project_id', '=', projectId)
    .where('hours.date', '>=', from)
    .where('hours.date', '<=', to)
    .groupBy(['hours.user_id', 'hours.task_id', 'tasks.title', 'tasks.milestone_id'])
    .execute();
}

/** The commits linked to the milestone's tasks (not unlinked), newest first. */
export function milestoneCommits(db: Db, milestoneId: number) {
  return db
    .selectFrom('task_commits')
    .innerJoin('tasks', 'tasks.id', 'task_commits.task_id')
    .leftJoin('commits', 'commits.id', 'task_commits.commit_id')
    .select([
      'task_commits.task_id',
      'task_commits.message as link_message',
      'task_commits.url as link_url',
      'task_commits.created_at as linked_at',
      'commits.sha',
      'commits.message',
      'commits.url',
      'commits.author_name',
      'commits.committed_at',
    ])
    .where('tasks.milestone_id', '=', milestoneId)
    .where('task_commits.removed', '=', 0)
    .orderBy('task_commits.created_at', 'desc')
    .orderBy('task_commits.id', 'desc')
    .execute();
}
