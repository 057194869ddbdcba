import { sql } from 'kysely';
import type { Expression, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TaskRow, TasksTable } from './tasks.table.js';

export type TaskChanges = Omit<Updateable<TasksTable>, 'id' | 'board_id' | 'project_id'> & {
  updated_at: string;
};

/** The board's tasks (archived or not) in board order: column, then position. */
export function listBoardTasks(db: Db, boardId: number, archived: boolean): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('board_id', '=', boardId)
    .where('is_archived', '=', archived ? 1 : 0)
    .orderBy('column_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

const SEARCH_LIMIT = 500;

/** Case-insensitive substring search in title, description, label names and member names. */
export function searchBoardTasks(db: Db, boardId: number, archived: boolean, q: string): Promise<TaskRow[]> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('board_id', '=', boardId)
    .where('is_archived', '=', archived ? 1 : 0)
    .where((eb) =>
      eb.or([
        like('tasks.title'),
        like('tasks.description'),
        eb.exists(
          eb
            .selectFrom('task_labels')
            .innerJoin('labels', 'labels.id', 'task_labels.label_id')
            .select('task_labels.task_id')
            .whereRef('task_labels.task_id', '=', 'tasks.id')
            .where(like('labels.name')),
        ),
        eb.exists(
          eb
            .selectFrom('task_assignees')
            .innerJoin('users', 'users.id', 'task_assignees.user_id')
            .select('task_assignees.task_id')
            .whereRef('task_assignees.task_id', '=', 'tasks.id')
            .where(like('users.name')),
        ),
      ]),
    )
    .orderBy('column_id')
    .orderBy('position')
    .orderBy('id')
    .limit(SEARCH_LIMIT)
    .execute();
}

/** A new task; its position may be an expression of the insert (placement.ts endOfColumnPosition). */
export function insertTask(
  db: Db,
  task: Pick<TasksTable, 'column_id' | 'board_id' | 'project_id' | 'title' | 'created_by'> & {
    position: number | Expression<number>;
    created_at: string;
    updated_at: string;
  },
): Promise<TaskRow> {
  return db
    .insertInto('tasks')
    .values({ ...task, completed_at: null, priority: null, deadline: null, starting_date: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateTask(db: Db, id: number, changes: TaskChanges): Promise<TaskRow> {
  return db.updateTable('tasks').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteTask(db: Db, id: number): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', id).execute();
}

export async function assigneeIds(db: Db, taskId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('task_assignees')
    .select('user_id')
    .where('task_id', '=', taskId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function labelIds(db: Db, taskId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('task_labels')
    .select('label_id')
    .where('task_id', '=', taskId)
    .orderBy('label_id')
    .execute();
  return rows.map((row) => row.label_id);
}

export async function replaceAssignees(db: Db, taskId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('task_assignees').where('task_id', '=', taskId).execute();
  if (userIds.length > 0) {
    await db
      .insertInto('task_assignees')
      .values(userIds.map((user_id) => ({ task_id: taskId, user_id })))
      .execute();
  }
}

export async function replaceLabels(db: Db, taskId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('task_labels').where('task_id', '=', taskId).execute();
  if (ids.length > 0) {
    await db
      .insertInto('task_labels')
      .values(ids.map((label_id) => ({ task_id: taskId, label_id })))
      .execute();
  }
}

/** How many of `userIds` are members of the project. */
export async function countMembers(db: Db, projectId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('project_id', '=', projectId)
    .where('user_id', 'in', userIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The column's tasks with a flag still 0, set to 1 in one statement; the changed rows. */
export async function setFlagInColumn(
  db: Db,
  columnId: number,
  flag: 'is_archived' | 'completed',
  changes: TaskChanges,
): Promise<TaskRow[]> {
  return db
    .updateTable('tasks')
    .set({ ...changes, [flag]: 1 })
    .where('column_id', '=', columnId)
    .where(flag, '=', 0)
    .where('is_archived', '=', 0)
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.position - b.position));
}

export async function touchTask(db: Db, taskId: number, at: string): Promise<void> {
  await db.updateTable('tasks').set({ updated_at: at }).where('id', '=', taskId).execute();
}
