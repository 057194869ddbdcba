import type { Db } from '../db/database.js';
import type { LocatedResource } from './resources.js';

/** Tables whose rows carry their project's id. */
type ProjectOwned = 'tasks' | 'labels' | 'milestones' | 'repositories';
/** Tables whose rows hang on a task (their project is the task's). */
type TaskOwned = 'hours' | 'comments' | 'checklist_items' | 'attachments' | 'task_commits';

/** `locate` for a resource stored in a table with a project_id column (one query). */
export function locateInProject(db: Db, table: ProjectOwned) {
  return async (id: number): Promise<LocatedResource | undefined> => {
    // The cast only narrows the union for Kysely's typing; every table named here has both columns.
    const row = await db
      .selectFrom(table as 'tasks')
      .select('project_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { projectId: row.project_id };
  };
}

/** `locate` for a resource stored in a table keyed to a task (one join). */
export function locateThroughTask(db: Db, table: TaskOwned) {
  return async (id: number): Promise<LocatedResource | undefined> => {
    const row = await db
      .selectFrom(`${table as 'hours'} as owned`)
      .innerJoin('tasks', 'tasks.id', 'owned.task_id')
      .select('tasks.project_id')
      .where('owned.id', '=', id)
      .executeTakeFirst();
    return row && { projectId: row.project_id };
  };
}
