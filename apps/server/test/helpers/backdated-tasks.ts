import type { Db } from '../../src/db/database.js';

/** Where a test task goes: its column, board and project, and who created it. */
export interface TaskPlace {
  columnId: number;
  boardId: number;
  projectId: number;
  createdBy: number;
}

export interface BackdatedTask {
  title?: string;
  /** Default 2026-10-20 10:00 UTC, before every fixture's period. */
  createdAt?: string;
  /** Default: when it was completed, else when it was created. */
  updatedAt?: string;
  completedAt?: string | null;
  assignees?: number[];
  blocked?: boolean;
  archived?: boolean;
  milestoneId?: number;
}

/**
 * A task written straight into the table with the times a fixture needs (the API stamps "now" and
 * cannot backdate a completion), with its assignees. Returns its id.
 */
export async function insertBackdatedTask(
  db: Db,
  place: TaskPlace,
  task: BackdatedTask = {},
): Promise<number> {
  const createdAt = task.createdAt ?? '2026-10-20T10:00:00.000Z';
  const completedAt = task.completedAt ?? null;
  const row = await db
    .insertInto('tasks')
    .values({
      column_id: place.columnId,
      board_id: place.boardId,
      project_id: place.projectId,
      title: task.title ?? 'Task',
      position: 1,
      completed: completedAt ? 1 : 0,
      completed_at: completedAt,
      is_blocked: task.blocked ? 1 : 0,
      blocked_reason: task.blocked ? 'Waiting on the API' : null,
      is_archived: task.archived ? 1 : 0,
      milestone_id: task.milestoneId ?? null,
      created_by: place.createdBy,
      created_at: createdAt,
      updated_at: task.updatedAt ?? completedAt ?? createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of task.assignees ?? [])
    await db.insertInto('task_assignees').values({ task_id: row.id, user_id: userId }).execute();
  return row.id;
}
