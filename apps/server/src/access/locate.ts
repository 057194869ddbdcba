import type { AppDatabase } from '../db/app-database.js';
import { rememberingLocate } from '../db/remembered-projects.js';

/** Tables whose rows carry their project's id. */
type ProjectOwned = 'tasks' | 'labels' | 'milestones' | 'repositories';
/** Tables whose rows hang on a task (their project is the task's). */
type TaskOwned = 'hours' | 'comments' | 'checklist_items' | 'attachments' | 'task_commits';

/**
 * Remembers the project of rows this process has just seen committed (a task it created, the tasks
 * of a board it read whole), so that the first request on each skips `locate`'s read: on PostgreSQL
 * that read was a round trip of its own on a class's first move of every card (issue 21).
 */
export function rememberProjectOf(
  database: AppDatabase,
  table: ProjectOwned,
  ids: readonly number[],
  projectId: number,
): void {
  const memory = database.rememberedProjects(table);
  for (const id of ids) memory.remember(database.db, id, projectId);
}

/** `locate` for a resource stored in a table with a project_id column (one query, then remembered). */
export function locateInProject(database: AppDatabase, table: ProjectOwned) {
  const { db } = database;
  return rememberingLocate(db, database.rememberedProjects(table), async (id) => {
    // The cast only narrows the union for Kysely's typing; every table named here has both columns.
    const row = await db
      .selectFrom(table as 'tasks')
      .select('project_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.project_id;
  });
}

/** `locate` for a resource stored in a table keyed to a task (one join, then remembered). */
export function locateThroughTask(database: AppDatabase, table: TaskOwned) {
  const { db } = database;
  return rememberingLocate(db, database.rememberedProjects(table), async (id) => {
    const row = await db
      .selectFrom(`${table as 'hours'} as owned`)
      .innerJoin('tasks', 'tasks.id', 'owned.task_id')
      .select('tasks.project_id')
      .where('owned.id', '=', id)
      .executeTakeFirst();
    return row?.project_id;
  });
}
